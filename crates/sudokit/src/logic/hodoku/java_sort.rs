//! Java's list sort (Tim Peters's timsort as `java.util.TimSort` runs
//! it), for HoDoKu's sorts whose comparison is not consistent: with such a
//! comparison the order found depends on the algorithm, so sudokit runs
//! the same one. Short lists (under 32) get a binary insertion sort after
//! the first run; longer ones runs of at least `min_run`, merged with
//! galloping (7 wins in a row to start). Written from the published
//! algorithm; the comparison returns below, equal or above zero.

use std::cmp::Ordering;

const MIN_MERGE: usize = 32;
const MIN_GALLOP: usize = 7;

/// Sorts `a` as Java's `Collections.sort` does with comparison `cmp`.
pub fn sort<T: Clone, F: FnMut(&T, &T) -> Ordering>(a: &mut [T], mut cmp: F) {
    let n = a.len();
    if n < 2 {
        return;
    }
    let c = &mut cmp;
    if n < MIN_MERGE {
        let run = ascending_run(a, 0, n, c);
        binary_sort(a, 0, n, run, c);
        return;
    }
    let mut ts = Merger {
        min_gallop: MIN_GALLOP,
        runs: Vec::new(),
    };
    let min_run = min_run_length(n);
    let (mut lo, mut left) = (0, n);
    while left != 0 {
        let mut run = ascending_run(a, lo, n, c);
        if run < min_run {
            let force = left.min(min_run);
            binary_sort(a, lo, lo + force, lo + run, c);
            run = force;
        }
        ts.runs.push((lo, run));
        ts.collapse(a, c);
        lo += run;
        left -= run;
    }
    ts.force_collapse(a, c);
}

fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// The length of the run starting at `lo`, made ascending (a strictly
/// descending run is reversed).
fn ascending_run<T, F: FnMut(&T, &T) -> Ordering>(
    a: &mut [T],
    lo: usize,
    hi: usize,
    c: &mut F,
) -> usize {
    let mut end = lo + 1;
    if end == hi {
        return 1;
    }
    if c(&a[end], &a[lo]) == Ordering::Less {
        end += 1;
        while end < hi && c(&a[end], &a[end - 1]) == Ordering::Less {
            end += 1;
        }
        a[lo..end].reverse();
    } else {
        end += 1;
        while end < hi && c(&a[end], &a[end - 1]) != Ordering::Less {
            end += 1;
        }
    }
    end - lo
}

/// Insertion with binary search of `a[start..hi]` into the sorted
/// `a[lo..start]`.
fn binary_sort<T: Clone, F: FnMut(&T, &T) -> Ordering>(
    a: &mut [T],
    lo: usize,
    hi: usize,
    mut start: usize,
    c: &mut F,
) {
    if start == lo {
        start += 1;
    }
    while start < hi {
        let pivot = a[start].clone();
        let (mut left, mut right) = (lo, start);
        while left < right {
            let mid = (left + right) / 2;
            if c(&pivot, &a[mid]) == Ordering::Less {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        a[left..=start].rotate_right(1);
        a[left] = pivot;
        start += 1;
    }
}

/// Where `key` goes in the sorted `s[base..base + len]`, before equal
/// elements, searching from `hint`.
fn gallop_left<T, F: FnMut(&T, &T) -> Ordering>(
    key: &T,
    s: &[T],
    base: usize,
    len: usize,
    hint: usize,
    c: &mut F,
) -> usize {
    let (mut last, mut ofs): (usize, usize) = (0, 1);
    if c(key, &s[base + hint]) == Ordering::Greater {
        let max = len - hint;
        while ofs < max && c(key, &s[base + hint + ofs]) == Ordering::Greater {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        last += hint;
        ofs += hint;
    } else {
        let max = hint + 1;
        while ofs < max && c(key, &s[base + hint - ofs]) != Ordering::Greater {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        // The range is (hint - ofs, hint - last]; `hint - ofs` may be -1.
        let lo = hint as isize - ofs as isize;
        let hi = hint - last;
        return binary_left(key, s, base, lo, hi, c);
    }
    binary_left(key, s, base, last as isize, ofs, c)
}

fn binary_left<T, F: FnMut(&T, &T) -> Ordering>(
    key: &T,
    s: &[T],
    base: usize,
    last: isize,
    mut ofs: usize,
    c: &mut F,
) -> usize {
    let mut last = (last + 1) as usize;
    while last < ofs {
        let m = last + (ofs - last) / 2;
        if c(key, &s[base + m]) == Ordering::Greater {
            last = m + 1;
        } else {
            ofs = m;
        }
    }
    ofs
}

/// Where `key` goes in the sorted `s[base..base + len]`, after equal
/// elements, searching from `hint`.
fn gallop_right<T, F: FnMut(&T, &T) -> Ordering>(
    key: &T,
    s: &[T],
    base: usize,
    len: usize,
    hint: usize,
    c: &mut F,
) -> usize {
    let (mut last, mut ofs): (usize, usize) = (0, 1);
    if c(key, &s[base + hint]) == Ordering::Less {
        let max = hint + 1;
        while ofs < max && c(key, &s[base + hint - ofs]) == Ordering::Less {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        let lo = hint as isize - ofs as isize;
        let hi = hint - last;
        return binary_right(key, s, base, lo, hi, c);
    }
    let max = len - hint;
    while ofs < max && c(key, &s[base + hint + ofs]) != Ordering::Less {
        last = ofs;
        ofs = (ofs << 1) + 1;
    }
    ofs = ofs.min(max);
    binary_right(key, s, base, (last + hint) as isize, ofs + hint, c)
}

fn binary_right<T, F: FnMut(&T, &T) -> Ordering>(
    key: &T,
    s: &[T],
    base: usize,
    last: isize,
    mut ofs: usize,
    c: &mut F,
) -> usize {
    let mut last = (last + 1) as usize;
    while last < ofs {
        let m = last + (ofs - last) / 2;
        if c(key, &s[base + m]) == Ordering::Less {
            ofs = m;
        } else {
            last = m + 1;
        }
    }
    ofs
}

/// The run stack and the galloping threshold of one sort.
struct Merger {
    min_gallop: usize,
    runs: Vec<(usize, usize)>,
}

impl Merger {
    fn len(&self, i: usize) -> usize {
        self.runs[i].1
    }

    fn collapse<T: Clone, F: FnMut(&T, &T) -> Ordering>(&mut self, a: &mut [T], c: &mut F) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.len(n - 1) <= self.len(n) + self.len(n + 1)
                || n > 1 && self.len(n - 2) <= self.len(n) + self.len(n - 1)
            {
                if self.len(n - 1) < self.len(n + 1) {
                    n -= 1;
                }
            } else if self.len(n) > self.len(n + 1) {
                break;
            }
            self.merge_at(a, n, c);
        }
    }

    fn force_collapse<T: Clone, F: FnMut(&T, &T) -> Ordering>(&mut self, a: &mut [T], c: &mut F) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.len(n - 1) < self.len(n + 1) {
                n -= 1;
            }
            self.merge_at(a, n, c);
        }
    }

    fn merge_at<T: Clone, F: FnMut(&T, &T) -> Ordering>(
        &mut self,
        a: &mut [T],
        i: usize,
        c: &mut F,
    ) {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let k = gallop_right(&a[base2], a, base1, len1, 0, c);
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return;
        }
        let key = a[base1 + len1 - 1].clone();
        len2 = gallop_left(&key, a, base2, len2, len2 - 1, c);
        if len2 == 0 {
            return;
        }
        if len1 <= len2 {
            self.merge_lo(a, base1, len1, base2, len2, c);
        } else {
            self.merge_hi(a, base1, len1, base2, len2, c);
        }
    }

    fn merge_lo<T: Clone, F: FnMut(&T, &T) -> Ordering>(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        c: &mut F,
    ) {
        let tmp: Vec<T> = a[base1..base1 + len1].to_vec();
        let (mut c1, mut c2, mut dest) = (0, base2, base1);
        a[dest] = a[c2].clone();
        dest += 1;
        c2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]);
            return;
        }
        if len1 == 1 {
            for k in 0..len2 {
                a[dest + k] = a[c2 + k].clone();
            }
            a[dest + len2] = tmp[c1].clone();
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut n1, mut n2) = (0usize, 0usize);
            loop {
                if c(&a[c2], &tmp[c1]) == Ordering::Less {
                    a[dest] = a[c2].clone();
                    dest += 1;
                    c2 += 1;
                    n2 += 1;
                    n1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[c1].clone();
                    dest += 1;
                    c1 += 1;
                    n1 += 1;
                    n2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if ((n1 | n2) as isize) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = a[c2].clone();
                n1 = gallop_right(&key, &tmp, c1, len1, 0, c);
                if n1 != 0 {
                    a[dest..dest + n1].clone_from_slice(&tmp[c1..c1 + n1]);
                    dest += n1;
                    c1 += n1;
                    len1 -= n1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[c2].clone();
                dest += 1;
                c2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                n2 = gallop_left(&tmp[c1], a, c2, len2, 0, c);
                if n2 != 0 {
                    for k in 0..n2 {
                        a[dest + k] = a[c2 + k].clone();
                    }
                    dest += n2;
                    c2 += n2;
                    len2 -= n2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[c1].clone();
                dest += 1;
                c1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop -= 1;
                if n1 < MIN_GALLOP && n2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len1 == 1 {
            for k in 0..len2 {
                a[dest + k] = a[c2 + k].clone();
            }
            a[dest + len2] = tmp[c1].clone();
        } else if len1 > 0 {
            // (Java throws here when the comparison broke the merge with
            // nothing left of the first run.)
            a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]);
        }
    }

    fn merge_hi<T: Clone, F: FnMut(&T, &T) -> Ordering>(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        c: &mut F,
    ) {
        let tmp: Vec<T> = a[base2..base2 + len2].to_vec();
        // Cursors may step one below zero; they are kept signed.
        let mut c1 = (base1 + len1) as isize - 1;
        let mut c2 = len2 as isize - 1;
        let mut dest = (base2 + len2) as isize - 1;
        let u = |x: isize| x as usize;
        a[u(dest)] = a[u(c1)].clone();
        dest -= 1;
        c1 -= 1;
        len1 -= 1;
        if len1 == 0 {
            let start = u(dest) + 1 - len2;
            a[start..start + len2].clone_from_slice(&tmp[..len2]);
            return;
        }
        if len2 == 1 {
            dest -= len1 as isize;
            c1 -= len1 as isize;
            for k in (0..len1).rev() {
                a[u(dest + 1) + k] = a[u(c1 + 1) + k].clone();
            }
            a[u(dest)] = tmp[u(c2)].clone();
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut n1, mut n2) = (0usize, 0usize);
            loop {
                if c(&tmp[u(c2)], &a[u(c1)]) == Ordering::Less {
                    a[u(dest)] = a[u(c1)].clone();
                    dest -= 1;
                    c1 -= 1;
                    n1 += 1;
                    n2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    a[u(dest)] = tmp[u(c2)].clone();
                    dest -= 1;
                    c2 -= 1;
                    n2 += 1;
                    n1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if ((n1 | n2) as isize) >= min_gallop {
                    break;
                }
            }
            loop {
                n1 = len1 - gallop_right(&tmp[u(c2)], a, base1, len1, len1 - 1, c);
                if n1 != 0 {
                    dest -= n1 as isize;
                    c1 -= n1 as isize;
                    len1 -= n1;
                    for k in (0..n1).rev() {
                        a[u(dest + 1) + k] = a[u(c1 + 1) + k].clone();
                    }
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                a[u(dest)] = tmp[u(c2)].clone();
                dest -= 1;
                c2 -= 1;
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                let key = a[u(c1)].clone();
                n2 = len2 - gallop_left(&key, &tmp, 0, len2, len2 - 1, c);
                if n2 != 0 {
                    dest -= n2 as isize;
                    c2 -= n2 as isize;
                    len2 -= n2;
                    for k in 0..n2 {
                        a[u(dest + 1) + k] = tmp[u(c2 + 1) + k].clone();
                    }
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                a[u(dest)] = a[u(c1)].clone();
                dest -= 1;
                c1 -= 1;
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop -= 1;
                if n1 < MIN_GALLOP && n2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len2 == 1 {
            dest -= len1 as isize;
            c1 -= len1 as isize;
            for k in (0..len1).rev() {
                a[u(dest + 1) + k] = a[u(c1 + 1) + k].clone();
            }
            a[u(dest)] = tmp[u(c2)].clone();
        } else if len2 > 0 {
            let start = u(dest) + 1 - len2;
            a[start..start + len2].clone_from_slice(&tmp[..len2]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic sequence.
    fn scrambled(n: usize, seed: u64) -> Vec<(u32, usize)> {
        let mut x = seed;
        (0..n)
            .map(|i| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (((x >> 33) % 40) as u32, i)
            })
            .collect()
    }

    #[test]
    fn a_consistent_comparison_sorts_stably_at_every_length() {
        for n in [0, 1, 2, 5, 31, 32, 33, 64, 100, 257, 1000] {
            for seed in 0..5 {
                let mut v = scrambled(n, seed);
                let mut want = v.clone();
                want.sort_by_key(|p| p.0);
                sort(&mut v, |a, b| a.0.cmp(&b.0));
                assert_eq!(v, want, "n {n} seed {seed}");
            }
        }
    }

    #[test]
    fn an_inconsistent_comparison_sorts_as_java_does() {
        // Java 17's Collections.sort, where equal keys always compare as
        // greater: the hash of the places in sorted order, and the first.
        let java = [
            (7, 978996651, vec![1, 3, 6, 2, 5, 0, 4]),
            (
                40,
                987259942,
                vec![9, 20, 0, 31, 11, 22, 2, 33, 13, 24, 4, 35],
            ),
            (
                300,
                928381079,
                vec![9, 260, 240, 220, 200, 180, 160, 140, 120, 100, 80, 60],
            ),
            (
                1000,
                140285197,
                vec![9, 260, 511, 762, 240, 491, 742, 993, 220, 471, 722, 973],
            ),
        ];
        for (n, hash, first) in java {
            let mut v: Vec<(u64, u64)> = (0..n)
                .map(|i| match n {
                    7 => ([3, 1, 2, 1, 3, 2, 1][i as usize], i),
                    _ => ((i * 7919 + 13) % 251, i),
                })
                .collect();
            sort(&mut v, |a, b| match a.0.cmp(&b.0) {
                Ordering::Equal => Ordering::Greater,
                o => o,
            });
            let h = v.iter().fold(0u64, |h, p| (h * 31 + p.1) % 1_000_000_007);
            let places: Vec<u64> = v.iter().take(12).map(|p| p.1).collect();
            assert_eq!((h, places), (hash, first), "n {n}");
        }
    }
}
