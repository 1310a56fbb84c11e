"""An independent exhaustive search over pod seatings, shared by tests/unit/test_pods.py and
tests/property/test_pod_repeats.py: it knows only the README's order (pods within one win first, then repeated
pairs), not how the app searches."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations

WIN = 3


class TooBig(Exception):
    pass


class Search:
    """Every seating of `players` into pods of `sizes` (the same sizes the app uses), pod by pod: the pod of the
    first player left, with every choice of partners. Only bounds that cannot lose a better seating prune it."""

    def __init__(self, players: Sequence[str], points: Mapping[str, int], met: Mapping[frozenset[str], int],
                 sizes: list[int], limit: int | None = None) -> None:
        self.players, self.points, self.met, self.sizes = list(players), points, met, Counter(sizes)
        self.limit, self.steps = limit, 0

    def _step(self) -> None:
        self.steps += 1
        if self.limit is not None and self.steps > self.limit:
            raise TooBig

    def spans(self, pod: Sequence[str]) -> int:
        values = [self.points[p] for p in pod]
        return int(max(values) - min(values) > WIN)

    def repeats(self, pod: Sequence[str]) -> bool:
        return self.pairs(pod) > 0

    def pairs(self, pod: Sequence[str]) -> int:
        """Pairs inside the pod who met before."""
        return sum(1 for pair in combinations(pod, 2) if self.met.get(frozenset(pair), 0))

    def _pods(self, left: list[str]) -> Iterator[tuple[int, tuple[str, ...]]]:
        for k in sorted(self.sizes):  # every pod that can hold the first player left
            if self.sizes[k]:
                for partners in combinations(left[1:], k - 1):
                    yield k, (left[0], *partners)

    def fewest_spans(self) -> int:
        best = [len(self.players)]

        def go(left: list[str], spent: int) -> None:
            self._step()
            if spent >= best[0]:
                return
            if not left:
                best[0] = spent
                return
            for k, pod in self._pods(left):
                self.sizes[k] -= 1
                go([p for p in left if p not in pod], spent + self.spans(pod))
                self.sizes[k] += 1
                if best[0] == 0:
                    return

        go(self.players, 0)
        return best[0]

    def fewest_pairs(self, max_spans: int) -> int:
        """The fewest repeated pairs of any seating with at most max_spans pods over one win."""
        best = [len(self.players) ** 2]

        def go(left: list[str], spent: int, pairs: int) -> None:
            self._step()
            if not left:
                best[0] = pairs
                return
            for k, pod in self._pods(left):
                self._step()  # every pod looked at: the limit bounds the work, pruned or not
                cost, more = spent + self.spans(pod), pairs + self.pairs(pod)
                if cost <= max_spans and more < best[0]:
                    self.sizes[k] -= 1
                    go([p for p in left if p not in pod], cost, more)
                    self.sizes[k] += 1
                if best[0] == 0:
                    return

        go(self.players, 0, 0)
        return best[0]
