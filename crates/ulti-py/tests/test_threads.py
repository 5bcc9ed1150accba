"""Thread safety: solving from parallel threads gives the sequential answers."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import ulti_solver as u
from conftest import untimed


def test_parallel_threads_give_the_same_answers(seeds: list[int]) -> None:
    deals = [u.Deal.random(s + k) for s in seeds[:3] for k in range(3)]
    jobs = [(d, c) for d in deals for c in ("passz", "ulti", "betli", "40-100+ulti")]

    def work(job):
        d, c = job
        return untimed(u.solve(d, c, all_cards=True).to_dict()), u.bids(d).to_dict()

    sequential = [work(j) for j in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(2):
            assert list(pool.map(work, jobs)) == sequential
