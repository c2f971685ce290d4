//! Bit helpers the techniques share: the members of a position mask, and
//! every k-subset of a set in Sudoku Explainer's order.

/// True when `mask` has no bit or one bit set. (`count_ones() < 2` says
/// the same, but without a `popcnt` instruction, which a portable build
/// cannot assume, it costs a dozen; the moves call this all the time.)
pub(crate) fn at_most_one(mask: u32) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

/// Bits of a position mask, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}

/// Every `k`-subset of `0..n` as a bit mask, in Sudoku Explainer's order
/// (increasing value of the mask: {0,1}, {0,2}, {1,2}, {0,3}, ...).
pub(crate) fn subsets(k: usize, n: usize) -> impl Iterator<Item = u32> {
    let first: u32 = if k == 0 { 0 } else { (1u32 << k) - 1 };
    let limit: u64 = 1u64 << n;
    let mut next = if k <= n { Some(first) } else { None };
    std::iter::from_fn(move || {
        let current = next?;
        next = if current == 0 {
            None
        } else {
            // Gosper's hack: the next larger number with as many bits set.
            let smallest = current & current.wrapping_neg();
            let ripple = current as u64 + smallest as u64;
            let ones = (((current as u64) ^ ripple) >> 2) / smallest as u64;
            let candidate = ripple | ones;
            (candidate < limit).then_some(candidate as u32)
        };
        Some(current)
    })
}

/// Every `k`-subset of the bits of `mask`, in the same order [`subsets`]
/// gives them over all bits: the subsets that need a bit outside `mask` are
/// skipped without being built. (Numbering the bits of `mask` 0, 1, ...
/// keeps their order, so the order of the subsets is kept too.)
pub(crate) fn subsets_of(k: usize, mask: u32) -> impl Iterator<Item = u32> {
    let mut members = [0u32; 32];
    let m = bits(mask).enumerate().fold(0, |_, (j, i)| {
        members[j] = 1 << i;
        j + 1
    });
    subsets(k, m).map(move |set| bits(set).fold(0, |acc, j| acc | members[j]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_in_colex_order() {
        let pairs: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(pairs, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(3, 9).count(), 84);
        assert_eq!(subsets(4, 25).count(), 12650);
        assert_eq!(bits(0b1010).collect::<Vec<_>>(), vec![1, 3]);
        let mask = 0b1_0110_1101;
        let within: Vec<u32> = subsets(3, 9).filter(|s| s & !mask == 0).collect();
        assert_eq!(subsets_of(3, mask).collect::<Vec<_>>(), within);
        assert_eq!(subsets_of(2, 0b1).count(), 0);
    }
}
