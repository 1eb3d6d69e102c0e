"""docs/architecture.md §5, provable randomness: chance derived from a committed seed, and the
scripted chance the rule tests use."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter
from typing import TypeVar

import pytest

from games.core import ScriptedChance, SeededChance, commitment

SEED = bytes(range(32))
T = TypeVar("T")


def chi_square(counts: Counter[T], categories: list[T]) -> float:
    """Pearson's statistic of ``counts`` against a uniform spread over ``categories``."""
    expected = sum(counts.values()) / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def test_commitment_is_the_sha256_of_the_seed() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert commitment(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert commitment(SEED) != commitment(SEED[:-1])


def test_the_same_seed_and_context_give_the_same_outcomes() -> None:
    first, second = SeededChance(SEED, "7"), SeededChance(SEED, "7")
    assert [first.roll(6) for _ in range(50)] == [second.roll(6) for _ in range(50)]
    assert first.shuffle(range(30)) == second.shuffle(range(30))


def test_outcomes_differ_across_contexts_and_seeds() -> None:
    def draws(seed: bytes, context: str) -> list[int]:
        chance = SeededChance(seed, context)
        return [chance.roll(1000) for _ in range(20)]

    assert draws(SEED, "1") != draws(SEED, "2")
    assert draws(SEED, "1") != draws(SEED[::-1], "1")
    assert SeededChance(SEED, "1").shuffle(range(52)) != SeededChance(SEED, "2").shuffle(range(52))


def test_draws_follow_the_published_derivation() -> None:
    # Verifiers in other languages re-derive dice from the revealed seed: HMAC-SHA256 over
    # "<context>:<counter>", first 8 bytes big-endian, reduced modulo n (rejection is rare).
    chance = SeededChance(SEED, "12")
    for counter in range(5):
        digest = hmac.new(SEED, f"12:{counter}".encode(), hashlib.sha256).digest()
        assert chance.roll(6) == int.from_bytes(digest[:8], "big") % 6 + 1


class _DrawsGiven(SeededChance):
    """Seeded chance whose 64-bit draws are the ones given: HMAC output that falls in the
    rejected band is too rare to meet with a real seed."""

    def __init__(self, draws: list[int]) -> None:
        super().__init__(SEED, "given")
        self._draws = draws

    def _draw64(self) -> int:
        return self._draws.pop(0)


def test_a_draw_in_the_biased_top_band_is_rejected_and_the_next_one_taken() -> None:
    # docs/record-format.md: rejection sampling keeps every outcome exactly uniform, and a
    # verifier in another language must reject exactly the same draws. For n = 3 the
    # accepted draws are those below 2**64 - (2**64 % 3) = 2**64 - 1.
    limit = (1 << 64) - (1 << 64) % 3
    chance = _DrawsGiven([(1 << 64) - 1, limit, 5])
    assert limit == (1 << 64) - 1
    assert chance.below(3) == 5 % 3
    assert chance._draws == []  # both draws at or above the limit were thrown away
    assert _DrawsGiven([limit - 1]).below(3) == (limit - 1) % 3


@pytest.mark.parametrize("sides", [1, 2, 3, 6, 10, 20, 100])
def test_rolls_stay_in_range(sides: int) -> None:
    chance = SeededChance(SEED, f"range {sides}")
    rolls = {chance.roll(sides) for _ in range(400)}
    assert rolls <= set(range(1, sides + 1))
    if sides <= 20:
        assert rolls == set(range(1, sides + 1))


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="positive"):
        SeededChance(SEED, "x").below(0)


@pytest.mark.parametrize("sides", [6, 10])
def test_rolls_are_roughly_uniform(sides: int) -> None:
    chance = SeededChance(SEED, "uniform")
    counts = Counter(chance.roll(sides) for _ in range(600 * sides))
    # Critical values at p = 0.001 are 20.5 (5 df) and 27.9 (9 df); this bound is looser still.
    assert chi_square(counts, list(range(1, sides + 1))) < 40


def test_rolls_in_every_context_are_roughly_uniform() -> None:
    counts = Counter(SeededChance(SEED, str(version)).roll(6) for version in range(6000))
    assert chi_square(counts, list(range(1, 7))) < 40


def test_shuffle_is_a_permutation_and_leaves_its_input_alone() -> None:
    items = [f"card {i}" for i in range(40)]
    shuffled = SeededChance(SEED, "deck").shuffle(items)
    assert isinstance(shuffled, tuple)
    assert sorted(shuffled) == sorted(items)
    assert list(shuffled) != items
    assert items == [f"card {i}" for i in range(40)]
    assert SeededChance(SEED, "deck").shuffle([]) == ()
    assert SeededChance(SEED, "deck").shuffle(["only"]) == ("only",)


def test_shuffles_are_roughly_uniform_over_orders() -> None:
    orders = list(itertools.permutations("abc"))
    counts: Counter[tuple[str, ...]] = Counter(
        SeededChance(SEED, f"shuffle {i}").shuffle("abc") for i in range(3000)
    )
    assert set(counts) == set(orders)
    assert chi_square(counts, list(orders)) < 40


def test_scripted_rolls_come_out_in_order_and_are_remembered() -> None:
    chance = ScriptedChance(rolls=[3, 1, 6])
    assert not chance.exhausted
    assert [chance.roll(6), chance.roll(4), chance.roll(6)] == [3, 1, 6]
    assert chance.rolled == [(6, 3), (4, 1), (6, 6)]
    assert chance.exhausted


def test_scripted_chance_refuses_a_roll_it_was_not_given() -> None:
    chance = ScriptedChance(rolls=[2])
    chance.roll(6)
    with pytest.raises(AssertionError, match="no scripted roll left for a d6"):
        chance.roll(6)


def test_scripted_chance_refuses_a_roll_out_of_range() -> None:
    with pytest.raises(AssertionError, match="7 is not a d6 result"):
        ScriptedChance(rolls=[7]).roll(6)
    with pytest.raises(AssertionError, match="0 is not a d6 result"):
        ScriptedChance(rolls=[0]).roll(6)


def test_scripted_shuffles_keep_order_unless_scripted() -> None:
    chance = ScriptedChance(shuffles=[[2, 0, 1]])
    assert chance.shuffle("abc") == ("c", "a", "b")
    assert chance.shuffle("abc") == ("a", "b", "c")


@pytest.mark.parametrize("order", [[0, 1], [0, 0, 1], [1, 2, 3], [0, 1, 2, 3]])
def test_scripted_shuffle_must_permute_every_index(order: list[int]) -> None:
    with pytest.raises(AssertionError, match="permute every index"):
        ScriptedChance(shuffles=[order]).shuffle("abc")
