//! The profile's pictures drawn by `plotters` into SVG text (no canvas, no image crates): a
//! line with one point per game (money over time, rating over time) and bars of the soloist's
//! bids made and failed per contract. Pure: the page puts the text into an element with
//! `role="img"` and gives a text table beside it. The SVG scales to its box (a `viewBox`,
//! width 100%), so it fits a phone.
//!
//! `plotters` draws the shapes; the words and numbers are written here as SVG `<text>` at the
//! places its coordinates give, because `plotters` measures text with a font engine (a canvas
//! in the browser, system fonts natively) and the same text must come out in both.

use std::fmt::Write as _;

use plotters::prelude::*;

/// The drawing's size in SVG units (it is scaled to the page's width).
const SIZE: (u32, u32) = (640, 300);
/// The room left of the plot (the values) and under it (the games, the contracts).
const LEFT: u32 = 72;
const BOTTOM: u32 = 56;

/// The words a chart needs (in the page's language).
pub struct Labels<'a> {
    pub x: &'a str,
    pub y: &'a str,
}

const LINE: RGBColor = RGBColor(0x1f, 0x5f, 0x8b);
const MADE: RGBColor = RGBColor(0x2e, 0x7d, 0x32);
const FAILED: RGBColor = RGBColor(0xc6, 0x28, 0x28);
const GRID: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);

/// Escape text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One `<text>`; `anchor` is `start`, `middle` or `end`.
fn text(out: &mut String, (x, y): (i32, i32), anchor: &str, s: &str) {
    let _ = write!(
        out,
        r##"<text x="{x}" y="{y}" text-anchor="{anchor}" font-family="sans-serif" font-size="16" fill="#222">{}</text>"##,
        esc(s)
    );
}

/// The axes' names: x under the plot, y turned up left of it.
fn axis_names(out: &mut String, labels: &Labels<'_>) {
    let mid_x = (LEFT + (SIZE.0 - LEFT) / 2) as i32;
    text(out, (mid_x, SIZE.1 as i32 - 8), "middle", labels.x);
    let mid_y = ((SIZE.1 - BOTTOM) / 2) as i32;
    let _ = write!(
        out,
        r##"<text x="0" y="0" transform="translate(18 {mid_y}) rotate(-90)" text-anchor="middle" font-family="sans-serif" font-size="16" fill="#222">{}</text>"##,
        esc(labels.y)
    );
}

/// Make the SVG scale to its box and add the words.
fn finish(svg: String, words: &str) -> String {
    let svg = svg.replacen(
        &format!("width=\"{}\" height=\"{}\"", SIZE.0, SIZE.1),
        "width=\"100%\" preserveAspectRatio=\"xMidYMid meet\"",
        1,
    );
    match svg.rfind("</svg>") {
        Some(end) => format!("{}{words}</svg>", &svg[..end]),
        None => svg,
    }
}

/// About five round values from `lo` to `hi`.
fn ticks(lo: i64, hi: i64) -> Vec<i64> {
    let span = (hi - lo).max(1);
    let raw = span / 4;
    let mut step = 1;
    while step * 10 <= raw {
        step *= 10;
    }
    let step = [1, 2, 5, 10]
        .iter()
        .map(|m| m * step)
        .find(|s| s * 5 >= span)
        .unwrap_or(step * 10);
    let first = lo.div_euclid(step) * step + if lo.rem_euclid(step) == 0 { 0 } else { step };
    (0..)
        .map(|i| first + i * step)
        .take_while(|v| *v <= hi)
        .collect()
}

/// A line with one point per value (game 1, 2, …), the axes labelled; `zero`: the value axis
/// shows 0 (money), else it spans the values only (a rating near 1500).
#[must_use]
pub fn line_chart(values: &[i64], labels: &Labels<'_>, zero: bool) -> String {
    let mut svg = String::new();
    let mut words = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let _ = draw_line(&root, values, &mut words, zero);
        let _ = root.present();
    }
    axis_names(&mut words, labels);
    finish(svg, &words)
}

fn draw_line<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    values: &[i64],
    words: &mut String,
    zero: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let n = values.len().max(1) as i64;
    let first = values.first().copied().unwrap_or(0);
    let mut lo = values.iter().copied().min().unwrap_or(first);
    let mut hi = values.iter().copied().max().unwrap_or(first);
    if zero {
        lo = lo.min(0);
        hi = hi.max(0);
    }
    let hi = hi.max(lo + 1);
    let pad = ((hi - lo) / 10).max(if zero { 1 } else { 25 });
    let (lo, hi) = (lo - pad, hi + pad);
    let area = root.margin(12, 12, LEFT as i32, 12);
    let (plot, _) = area.split_vertically(SIZE.1 - 24 - BOTTOM);
    let mut chart = ChartBuilder::on(&plot).build_cartesian_2d(0..n + 1, lo..hi)?;
    for v in ticks(lo, hi) {
        chart.draw_series(LineSeries::new([(0, v), (n + 1, v)], GRID.stroke_width(1)))?;
        let (_, y) = chart.backend_coord(&(0, v));
        text(words, (LEFT as i32 - 6, y + 5), "end", &v.to_string());
    }
    chart.draw_series(LineSeries::new([(0, lo), (0, hi)], BLACK.stroke_width(1)))?;
    chart.draw_series(LineSeries::new(
        [(0, lo), (n + 1, lo)],
        BLACK.stroke_width(1),
    ))?;
    let points: Vec<(i64, i64)> = values
        .iter()
        .enumerate()
        .map(|(i, v)| (i as i64 + 1, *v))
        .collect();
    chart.draw_series(LineSeries::new(
        points.iter().copied(),
        LINE.stroke_width(2),
    ))?;
    chart.draw_series(points.iter().map(|&p| Circle::new(p, 5, LINE.filled())))?;
    // The games' numbers under the axis: all of them up to ten, else about ten.
    let every = (values.len() / 10).max(1);
    for (i, _) in values.iter().enumerate().filter(|(i, _)| i % every == 0) {
        let (x, y) = chart.backend_coord(&(i as i64 + 1, lo));
        text(words, (x, y + 20), "middle", &(i + 1).to_string());
    }
    Ok(())
}

/// Two bars per contract (made, failed), the contracts' names under them.
#[must_use]
pub fn bar_chart(bars: &[(String, u32, u32)], labels: &Labels<'_>) -> String {
    let mut svg = String::new();
    let mut words = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let _ = draw_bars(&root, bars, &mut words);
        let _ = root.present();
    }
    axis_names(&mut words, labels);
    finish(svg, &words)
}

fn draw_bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    bars: &[(String, u32, u32)],
    words: &mut String,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let top = bars.iter().map(|b| b.1.max(b.2)).max().unwrap_or(0).max(1) + 1;
    let n = bars.len().max(1) as u32;
    let area = root.margin(12, 12, LEFT as i32, 12);
    let (plot, _) = area.split_vertically(SIZE.1 - 24 - BOTTOM);
    // Each contract gets 1 unit: a made bar, a failed bar, a gap.
    let mut chart =
        ChartBuilder::on(&plot).build_cartesian_2d(0.0..f64::from(n), 0.0..f64::from(top))?;
    for v in ticks(0, i64::from(top)) {
        let v = v as f64;
        chart.draw_series(LineSeries::new(
            [(0.0, v), (f64::from(n), v)],
            GRID.stroke_width(1),
        ))?;
        let (_, y) = chart.backend_coord(&(0.0, v));
        text(words, (LEFT as i32 - 6, y + 5), "end", &format!("{v}"));
    }
    for (i, (name, made, failed)) in bars.iter().enumerate() {
        let x = i as f64;
        let made_bar = Rectangle::new([(x + 0.1, 0.0), (x + 0.5, f64::from(*made))], MADE.filled());
        let failed_bar = Rectangle::new(
            [(x + 0.5, 0.0), (x + 0.9, f64::from(*failed))],
            FAILED.filled(),
        );
        chart.draw_series([made_bar, failed_bar])?;
        let (cx, y) = chart.backend_coord(&(x + 0.5, 0.0));
        text(words, (cx, y + 20), "middle", name);
    }
    chart.draw_series(LineSeries::new(
        [(0.0, 0.0), (0.0, f64::from(top))],
        BLACK.stroke_width(1),
    ))?;
    chart.draw_series(LineSeries::new(
        [(0.0, 0.0), (f64::from(n), 0.0)],
        BLACK.stroke_width(1),
    ))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const L: Labels<'static> = Labels {
        x: "Game",
        y: "Money",
    };

    #[test]
    fn a_line_has_one_point_per_game_and_its_axes_named() {
        let svg = line_chart(&[10, 2, -6], &L, true);
        assert!(svg.starts_with("<svg"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3, "{svg}");
        assert!(svg.contains(">Game<") && svg.contains(">Money<"), "{svg}");
        assert!(svg.contains("viewBox=\"0 0 640 300\"") && svg.contains("width=\"100%\""));
    }

    #[test]
    fn bars_are_two_per_contract_with_its_name() {
        let bars = vec![("ulti".to_string(), 1, 2), ("party".to_string(), 3, 0)];
        let svg = bar_chart(&bars, &L);
        let colour = |c: RGBColor| format!("fill=\"#{:02X}{:02X}{:02X}\"", c.0, c.1, c.2);
        let made = svg.matches(&colour(MADE)).count();
        let failed = svg.matches(&colour(FAILED)).count();
        assert_eq!((made, failed), (2, 2), "{svg}");
        assert!(svg.contains(">ulti<") && svg.contains(">party<"), "{svg}");
    }

    #[test]
    fn a_rating_axis_spans_the_ratings_not_zero() {
        let svg = line_chart(&[1576, 1540], &L, false);
        assert!(!svg.contains(">0<"), "{svg}");
        assert!(svg.contains(">1560<"), "{svg}");
        assert!(line_chart(&[2], &L, true).contains(">0<"));
    }

    #[test]
    fn no_games_still_draw_axes() {
        let svg = line_chart(&[], &L, true);
        assert_eq!(svg.matches("<circle").count(), 0);
        assert!(svg.contains(">Game<"), "{svg}");
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(-12, 30), vec![-10, 0, 10, 20, 30]);
        assert_eq!(ticks(0, 3), vec![0, 1, 2, 3]);
    }

    #[test]
    fn words_are_escaped() {
        let svg = line_chart(&[1], &Labels { x: "a<b", y: "c&d" }, true);
        assert!(
            svg.contains(">a&lt;b<") && svg.contains(">c&amp;d<"),
            "{svg}"
        );
    }
}
