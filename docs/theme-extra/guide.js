// Added to every page of the guide (book.toml, additional-js).
//
// 1. A link back to the app in the menu bar: the guide is served in guide/ beside the app, so
//    the app is one folder up from the guide's root (mdBook's `path_to_root`).
// 2. mdBook's sidebar toggle is a <label> carrying aria-expanded and aria-label, which a label
//    may not carry, and the keyboard cannot reach it: it becomes a button that Enter and Space
//    press.
// 3. A code block or a table wider than the page scrolls sideways; it takes the keyboard focus
//    so that the arrow keys can scroll it.
(function () {
  'use strict';

  const buttons = document.querySelector('#mdbook-menu-bar .right-buttons');
  if (buttons && !document.getElementById('guide-app-link')) {
    const link = document.createElement('a');
    link.id = 'guide-app-link';
    link.className = 'guide-app-link';
    link.href = `${path_to_root}../`;
    link.textContent = 'Open the app';
    buttons.prepend(link);
  }

  const toggle = document.getElementById('mdbook-sidebar-toggle');
  if (toggle) {
    toggle.setAttribute('role', 'button');
    toggle.tabIndex = 0;
    toggle.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        toggle.click();
      }
    });
  }

  for (const wide of document.querySelectorAll('main pre > code, main .table-wrapper')) {
    if (wide.scrollWidth > wide.clientWidth) {
      wide.tabIndex = 0;
    }
  }
})();
