"""The soak's rate held is judged over minute-long windows: one slow interval evened out by
the next does not pass for a slump, and a slump that lasts shows."""

from __future__ import annotations

from bench.soak import window_rates


def _interval(actions: int, seconds: float = 10.0) -> dict[str, float]:
    return {"seconds": seconds, "actions": actions, "actions_per_s": actions / seconds}


def test_swings_between_intervals_even_out_over_a_window() -> None:
    swinging = [_interval(n) for n in (500, 4500) * 6]
    rates = window_rates(swinging, 6)
    assert rates[0] == rates[-1] == 250.0


def test_a_real_slump_shows() -> None:
    steady = [_interval(2500)] * 6
    slumped = [*steady, *[_interval(300)] * 6, *steady]
    assert window_rates(slumped, 6)[0] == 30.0
    assert window_rates(slumped, 6)[-1] == 250.0


def test_a_run_shorter_than_a_window_is_one_window() -> None:
    assert window_rates([_interval(100, 5.0), _interval(300, 5.0)], 6) == [40.0]
