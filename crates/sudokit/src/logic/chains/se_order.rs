//! The orders Sudoku Explainer keeps, which its rating depends on: how it
//! sorts chain steps, the bonus a chain's length earns, and the order in
//! which Java's `HashMap` hands back what a chain removes.

/// SE's order of chain steps, each given as (difficulty, complexity, sort
/// key): easiest first, then shortest, then by kind.
pub(super) fn se_order(a: (f64, usize, u8), b: (f64, usize, u8)) -> std::cmp::Ordering {
    a.0.partial_cmp(&b.0)
        .unwrap_or(std::cmp::Ordering::Equal)
        .then(a.1.cmp(&b.1))
        .then(a.2.cmp(&b.2))
}

/// SE's bonus for a chain of `complexity` potentials, added in binary
/// floating point as SE adds it.
pub(super) fn length_bonus(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let (mut ceiling, mut odd, mut added) = (4i64, false, 0.0f64);
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// The order in which Java iterates a `HashMap` filled by `puts`, in that
/// order, into a map made with `new HashMap()`; each key is its own hash
/// code, as a `Cell`'s is its index (0..81).
///
/// Java keeps a table of 16 buckets while the map holds at most 12 entries
/// (load factor 0.75), doubling it each time it would hold more; a key goes
/// to bucket `(h ^ (h >>> 16)) % buckets`. Iteration walks the buckets in
/// order, and within a bucket the entries in the order they were first put
/// (a resize splits each bucket keeping that order, and new entries go to
/// the end). A key put again keeps its place and takes the new value.
///
/// On a 9x9 grid no bucket reaches the 9 entries that would make Java grow
/// a small table early or turn the bucket into a tree (81 keys over 16
/// buckets put 6 in one at most); with more keys the order is a plausible
/// one, not Java's.
pub(super) fn java_hash_map_order<T>(
    puts: impl IntoIterator<Item = (usize, T)>,
) -> Vec<(usize, T)> {
    let mut entries: Vec<(usize, T)> = puts.into_iter().collect();
    java_order(&mut entries);
    entries
}

/// [`java_hash_map_order`] in place, without allocating: `entries`, the
/// puts in order, become the map's entries in Java's iteration order.
pub(super) fn java_order<T>(entries: &mut Vec<(usize, T)>) {
    // The first `len` entries are the map so far, in insertion order.
    let mut len = 0;
    for i in 0..entries.len() {
        let key = entries[i].0;
        match entries[..len].iter().position(|&(k, _)| k == key) {
            // Put again: the entry takes the new value (the old one is left
            // behind, past the map, and cut off below).
            Some(j) => {
                let (map, rest) = entries.split_at_mut(i);
                std::mem::swap(&mut map[j].1, &mut rest[0].1);
            }
            None => {
                entries.swap(len, i);
                len += 1;
            }
        }
    }
    entries.truncate(len);
    let mut buckets = 16;
    while len * 4 > buckets * 3 {
        buckets *= 2;
    }
    let bucket = |key: usize| (key ^ (key >> 16)) & (buckets - 1);
    // An insertion sort by bucket: stable, so a bucket keeps the insertion
    // order, and the maps are small.
    for i in 1..len {
        let mut j = i;
        while j > 0 && bucket(entries[j - 1].0) > bucket(entries[j].0) {
            entries.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_hash_map_order_walks_buckets_then_insertion_order() {
        let keys = |puts: &[usize]| -> Vec<usize> {
            java_hash_map_order(puts.iter().map(|&k| (k, ())))
                .iter()
                .map(|e| e.0)
                .collect()
        };
        // 3 and 19 share bucket 3 of 16: whichever came first stays first.
        assert_eq!(keys(&[3, 19]), [3, 19]);
        assert_eq!(keys(&[19, 3]), [19, 3]);
        assert_eq!(keys(&[19, 2, 3]), [2, 19, 3]);
        // Twelve entries keep 16 buckets; 40, 8 and 24 share bucket 8.
        let twelve = [40, 8, 24, 0, 1, 2, 3, 4, 5, 6, 7, 9];
        assert_eq!(keys(&twelve), [0, 1, 2, 3, 4, 5, 6, 7, 40, 8, 24, 9]);
        // A thirteenth doubles the table: 24 moves to bucket 24 of 32.
        let thirteen = [40, 8, 24, 0, 1, 2, 3, 4, 5, 6, 7, 9, 10];
        assert_eq!(keys(&thirteen), [0, 1, 2, 3, 4, 5, 6, 7, 40, 8, 9, 10, 24]);
        // A key put again keeps its place and takes the new value.
        let again = java_hash_map_order([(19, 'a'), (3, 'b'), (19, 'c')]);
        assert_eq!(again, [(19, 'c'), (3, 'b')]);
    }
}
