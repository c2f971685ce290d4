//! x86-64 backend: the shared search compiled with AVX2, BMI1/2, POPCNT and
//! LZCNT enabled (bit scans and counts become single instructions), plus
//! AVX2 versions of the kernels that touch all 27 slots at once, of the
//! peer counts that score a branch cell (one 128-bit AND per digit), of
//! writing the solution out (byte masks instead of a walk over every bit),
//! and of the rectangle test that can end a uniqueness check early (SSE4.2
//! string compares); a band word's segment pattern is one `pext`.

use core::arch::x86_64::{
    __cpuid, __m128i, __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256,
    _mm256_blend_epi32, _mm256_broadcastsi128_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32,
    _mm256_cmpeq_epi8, _mm256_load_si256, _mm256_loadu_si256, _mm256_min_epu8,
    _mm256_movemask_epi8, _mm256_movemask_ps, _mm256_or_si256, _mm256_permute2x128_si256,
    _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_set1_epi64x, _mm256_set1_epi8,
    _mm256_set_m128i, _mm256_setr_epi32, _mm256_setr_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_slli_epi32, _mm256_sllv_epi32, _mm256_srli_epi32,
    _mm256_store_si256, _mm256_storeu_si256, _mm256_unpackhi_epi32, _mm256_unpackhi_epi64,
    _mm256_unpacklo_epi32, _mm256_unpacklo_epi64, _mm256_xor_si256, _mm_and_si128, _mm_blendv_epi8,
    _mm_cmpeq_epi8, _mm_cmpestrc, _mm_load_si128, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi8,
    _mm_setr_epi32, _mm_setzero_si128, _mm_slli_epi16, _pext_u32, _SIDD_CMP_EQUAL_ANY,
    _SIDD_UBYTE_OPS,
};

use super::search::{search, slot, Kernel, Portable, SearchNode, PAIR_W, REAL_SLOTS, SLOTS, WORDS};
use super::tables::{BAND_PEERS, COLUMN};
use super::{CpuFlag, FastOutcome};
use core::sync::atomic::AtomicBool;

/// Proof that the CPU has AVX2: only `solve` below makes one, after its
/// caller checked the features, so kernels taking it may use AVX2 freely.
///
/// `PEXT`: whether `pext` is a fast instruction here (see
/// [`pext_is_fast`]). A type parameter rather than a field, so the hot
/// loop carries neither the test nor the table path it does not take:
/// against the field, 0.99 to 1.05 of the speed, 1.01 on average, on
/// five collections (Zen 4, first solution and count, two passes of
/// five alternated runs).
#[derive(Clone, Copy)]
struct Avx2Kernel<const PEXT: bool>;

/// True unless the CPU is an AMD (or Hygon) before Zen 3 (family 0x19).
/// There `pext` is microcoded and takes tens of cycles, slower than the
/// three table lookups it replaces; everywhere else that has BMI2 (Intel
/// since Haswell, Zen 3 and later) it is one fast instruction.
///
/// The answer is computed once and cached.
fn pext_is_fast() -> bool {
    static CACHE: CpuFlag = CpuFlag::new();
    CACHE.get(|| {
        // SAFETY: `cpuid` exists on every x86-64 CPU; leaves 0 and 1 always
        // do too. (Older compilers need the block; newer ones find
        // `__cpuid` safe.)
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
        let mut name = [0u8; 12];
        name[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
        name[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
        name[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
        pext_fast_for(&name, signature)
    })
}

// The aligned loads in `changed` rely on this layout.
const _: () = assert!(core::mem::offset_of!(SearchNode, cand) % 32 == 0);
const _: () = assert!(core::mem::offset_of!(SearchNode, prev) % 32 == 0);
const _: () = assert!(core::mem::align_of::<SearchNode>() == 32);

/// The rule of [`pext_is_fast`] for a CPUID vendor string and leaf-1
/// signature (family in bits 8..12, extended family in bits 20..28, added
/// when the family is 0xf).
fn pext_fast_for(vendor: &[u8; 12], signature: u32) -> bool {
    let amd_like = vendor == b"AuthenticAMD" || vendor == b"HygonGenuine";
    let base = (signature >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    };
    !(amd_like && family < 0x19)
}

impl<const PEXT: bool> Kernel for Avx2Kernel<PEXT> {
    #[inline(always)]
    fn changed(self, st: &SearchNode) -> u64 {
        let c = st.cand.as_ptr() as *const __m256i;
        let p = st.prev.as_ptr() as *const __m256i;
        // SAFETY: `self` exists only when AVX2 is available (see the type);
        // `cand` and `prev` are `[u32; 40]` at 32-byte aligned offsets of a
        // 32-byte aligned struct: the five aligned 256-bit loads cover each
        // array exactly.
        let same = unsafe {
            let mut same = 0u64;
            for k in 0..5 {
                let eq =
                    _mm256_cmpeq_epi32(_mm256_load_si256(c.add(k)), _mm256_load_si256(p.add(k)));
                same |= (_mm256_movemask_ps(_mm256_castsi256_ps(eq)) as u64) << (8 * k);
            }
            same
        };
        !same & REAL_SLOTS
    }

    #[inline(always)]
    fn givens(self, puzzle: &[u8; 81]) -> Option<[u32; SLOTS]> {
        let mut given = [0u32; SLOTS];
        let p = puzzle.as_ptr();
        // SAFETY: `self` proves AVX2. The three 32-byte loads start at bytes
        // 0, 27 and 49 of the 81-byte array, so they end at 32, 59 and 81.
        unsafe {
            let nine = _mm256_set1_epi8(9);
            let bands = [
                (_mm256_loadu_si256(p as *const __m256i), 0u32),
                (_mm256_loadu_si256(p.add(27) as *const __m256i), 0),
                // Band 2 is bytes 54..81: load 49..81, drop the first 5.
                (_mm256_loadu_si256(p.add(49) as *const __m256i), 5),
            ];
            for (b, &(v, skip)) in bands.iter().enumerate() {
                let ok = _mm256_cmpeq_epi8(_mm256_min_epu8(v, nine), v);
                if _mm256_movemask_epi8(ok) != -1 {
                    return None;
                }
                for d in 0..9 {
                    let hit = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(d as i8 + 1));
                    let bits = (_mm256_movemask_epi8(hit) as u32) >> skip;
                    given[slot(d, b)] = bits & ((1 << 27) - 1);
                }
            }
        }
        Some(given)
    }

    #[inline(always)]
    fn update_slots<const DIAG: bool>(self, st: &mut SearchNode, changed: u64) -> Option<u64> {
        if changed.count_ones() < WHOLE_PASS_MIN {
            return st.update_each::<Self, DIAG>(self, changed);
        }
        // SAFETY: `self` exists only when AVX2, BMI1/2, POPCNT and LZCNT are
        // available (see the type and `solve`).
        unsafe { whole_pass::<DIAG>(st) }.then_some(REAL_SLOTS)
    }

    #[inline(always)]
    fn digits_at(self, st: &SearchNode, b: usize, pos: u32) -> u32 {
        debug_assert!(b < 3 && pos < 27);
        // SAFETY: `self` proves AVX2; `cand` is 32-byte aligned (asserted
        // above), and the four aligned loads read its words 0..32.
        let low = unsafe {
            let words = st.cand.as_ptr() as *const __m256i;
            // The vector `bands_of_digits` gives for band `b`, made for this
            // band alone rather than transposing all three. Each load holds
            // two digits' slots. Band `b`'s word of both is copied to every
            // pair of lanes, and lanes `2k` and `2k + 1` are kept from load
            // `k`: digit `d` in lane `d`. Against a
            // gather of the same eight words (Zen 4, medians of five or
            // seven alternated runs): 1.02 to 1.07 of the speed for the
            // first solution on six collections and for the count on
            // four, and 0.97 and 1.05 on kaggle_sample in two passes.
            let b = b as i32;
            let idx = _mm256_setr_epi32(b, 4 + b, b, 4 + b, b, 4 + b, b, 4 + b);
            let r = |k: usize| _mm256_permutevar8x32_epi32(_mm256_load_si256(words.add(k)), idx);
            let v = _mm256_blend_epi32::<0b1111_0000>(
                _mm256_blend_epi32::<0b0000_1100>(r(0), r(1)),
                _mm256_blend_epi32::<0b1100_0000>(r(2), r(3)),
            );
            // Move bit `pos` of every lane to the sign bit, then collect them.
            let up = _mm256_sllv_epi32(v, _mm256_set1_epi32(31 - pos as i32));
            _mm256_movemask_ps(_mm256_castsi256_ps(up)) as u32
        };
        low | (st.cand[slot(8, b)] >> pos & 1) << 8
    }

    #[inline(always)]
    fn peer_counts(
        self,
        st: &SearchNode,
        d1: usize,
        d2: usize,
        b: usize,
        pos: u32,
        pairs: &[u32; 3],
    ) -> (u32, u32) {
        debug_assert!(d1 < 9 && d2 < 9);
        let m = &PEER_LANES.0[27 * b + pos as usize];
        let c = st.cand.as_ptr();
        // SAFETY: `self` proves AVX2. A digit's four slots start at word
        // `4 * d` of `cand` (32-byte aligned, asserted above), so each
        // 128-bit load is aligned and, for d < 9, reads words below 36 of 40.
        // `PEER_LANES` rows are 16 bytes in a 16-byte aligned array.
        unsafe {
            let m = _mm_load_si128(m.as_ptr() as *const __m128i);
            let p = _mm_and_si128(
                m,
                _mm_setr_epi32(pairs[0] as i32, pairs[1] as i32, pairs[2] as i32, 0),
            );
            let v1 = _mm_load_si128(c.add(4 * d1) as *const __m128i);
            let v2 = _mm_load_si128(c.add(4 * d2) as *const __m128i);
            let v = _mm256_set_m128i(v2, v1);
            let all = _mm256_and_si256(v, _mm256_broadcastsi128_si256(m));
            let bi = _mm256_and_si256(v, _mm256_broadcastsi128_si256(p));
            let mut a = [0u64; 4];
            let mut q = [0u64; 4];
            _mm256_storeu_si256(a.as_mut_ptr() as *mut __m256i, all);
            _mm256_storeu_si256(q.as_mut_ptr() as *mut __m256i, bi);
            let n = |i: usize| {
                a[i].count_ones()
                    + a[i + 1].count_ones()
                    + PAIR_W * (q[i].count_ones() + q[i + 1].count_ones())
            };
            (n(0), n(2))
        }
    }

    #[inline(always)]
    fn segments(self, a: u32) -> usize {
        if !PEXT {
            return Portable.segments(a);
        }
        // Fold each segment's three cells onto its first, then gather those
        // nine bits (every third one) into one number.
        // SAFETY: `self` proves BMI2 (checked with AVX2, see the type).
        unsafe { _pext_u32(a | a >> 1 | a >> 2, 0x124_9249) as usize }
    }

    #[inline(always)]
    fn write_solution(self, st: &SearchNode, out: &mut [u8; 81]) {
        // Each digit's 81 cells are cut into three 32-bit windows, starting
        // at cells 0, 27 and 49 (the last straddles bands 1 and 2), and each
        // window's bits are spread to bytes: byte `i` takes byte `i / 8` of
        // the window, and is kept when bit `i % 8` of it is set.
        // SAFETY: `self` proves AVX2; the three unaligned 32-byte stores
        // start at bytes 0, 27 and 49 of the 81-byte array, so they end at
        // 32, 59 and 81. Each store overwrites the tail of the one before
        // it, whose bytes past its own band are zero.
        unsafe {
            let pick = _mm256_setr_epi8(
                0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3,
                3, 3, 3, 3,
            );
            let bits = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
            let mut acc = [_mm256_setzero_si256(); 3];
            for d in 0..9 {
                let (c0, c1, c2) = (
                    st.cand[slot(d, 0)],
                    st.cand[slot(d, 1)],
                    st.cand[slot(d, 2)],
                );
                let windows = [c0, c1, c1 >> 22 | c2 << 5];
                let value = _mm256_set1_epi8(d as i8 + 1);
                for (w, a) in windows.iter().zip(acc.iter_mut()) {
                    let v = _mm256_shuffle_epi8(_mm256_set1_epi32(*w as i32), pick);
                    let set = _mm256_cmpeq_epi8(_mm256_and_si256(v, bits), bits);
                    *a = _mm256_or_si256(*a, _mm256_and_si256(set, value));
                }
            }
            let p = out.as_mut_ptr();
            _mm256_storeu_si256(p as *mut __m256i, acc[0]);
            _mm256_storeu_si256(p.add(27) as *mut __m256i, acc[1]);
            _mm256_storeu_si256(p.add(49) as *mut __m256i, acc[2]);
        }
    }

    #[inline(always)]
    fn swappable_rectangle(self, puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
        // SAFETY: `self` proves AVX2, which implies SSE4.2.
        unsafe { swappable_rectangle_simd(puzzle, grid) }
    }

    #[inline(always)]
    fn cross_bands<const DIAG: bool>(self, st: &mut SearchNode) -> Option<bool> {
        // SAFETY: `self` exists only when AVX2 is available (see the type).
        unsafe { cross_bands_simd::<DIAG>(st) }
    }
}

/// For each cell `27 * b + pos`, its peers laid out like a digit's four
/// slots, so one 128-bit AND picks them out: its row and box in band `b`,
/// its column in the other two bands, 0 in the padding lane.
#[repr(C, align(16))]
struct PeerLanes([[u32; 4]; 81]);

static PEER_LANES: PeerLanes = PeerLanes(peer_lanes());

const fn peer_lanes() -> [[u32; 4]; 81] {
    let mut t = [[0u32; 4]; 81];
    let mut i = 0;
    while i < 81 {
        let (b, pos) = (i / 27, i % 27);
        let mut bb = 0;
        while bb < 3 {
            t[i][bb] = if bb == b {
                BAND_PEERS[pos]
            } else {
                COLUMN[pos % 9]
            };
            bb += 1;
        }
        i += 1;
    }
    t
}

/// Columns with at least one / at least two candidates, per lane.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn fold(a: __m256i) -> (__m256i, __m256i) {
    // SAFETY: AVX2 is available (caller's contract); no memory access.
    // (Compilers before 1.86 need this block; newer ones find it redundant.)
    #[allow(unused_unsafe)]
    unsafe {
        let m9 = _mm256_set1_epi32(0x1ff);
        let r0 = _mm256_and_si256(a, m9);
        let r1 = _mm256_and_si256(_mm256_srli_epi32::<9>(a), m9);
        let r2 = _mm256_srli_epi32::<18>(a);
        let o = _mm256_or_si256(_mm256_or_si256(r0, r1), r2);
        let t = _mm256_or_si256(
            _mm256_and_si256(r0, r1),
            _mm256_and_si256(r2, _mm256_or_si256(r0, r1)),
        );
        (o, t)
    }
}

/// Inside each stack, column `c` to `c - 1` (mod 3), per lane.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn rot1(x: __m256i) -> __m256i {
    // SAFETY: AVX2 is available (caller's contract); no memory access.
    // (Compilers before 1.86 need this block; newer ones find it redundant.)
    #[allow(unused_unsafe)]
    unsafe {
        _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32::<1>(x), _mm256_set1_epi32(0b011_011_011)),
            _mm256_and_si256(_mm256_slli_epi32::<2>(x), _mm256_set1_epi32(0b100_100_100)),
        )
    }
}

/// Inside each stack, column `c` to `c - 2` (mod 3), per lane.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn rot2(x: __m256i) -> __m256i {
    // SAFETY: AVX2 is available (caller's contract); no memory access.
    // (Compilers before 1.86 need this block; newer ones find it redundant.)
    #[allow(unused_unsafe)]
    unsafe {
        _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32::<2>(x), _mm256_set1_epi32(0b001_001_001)),
            _mm256_and_si256(_mm256_slli_epi32::<1>(x), _mm256_set1_epi32(0b110_110_110)),
        )
    }
}

/// `(x & y) | (z & w)`.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn either(x: __m256i, y: __m256i, z: __m256i, w: __m256i) -> __m256i {
    // SAFETY: AVX2 is available (caller's contract); no memory access.
    // (Compilers before 1.86 need this block; newer ones find it redundant.)
    #[allow(unused_unsafe)]
    unsafe {
        _mm256_or_si256(_mm256_and_si256(x, y), _mm256_and_si256(z, w))
    }
}

/// A 9-bit column set copied to all three rows of a band, per lane.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn spread(x: __m256i) -> __m256i {
    // SAFETY: AVX2 is available (caller's contract); no memory access.
    // (Compilers before 1.86 need this block; newer ones find it redundant.)
    #[allow(unused_unsafe)]
    unsafe {
        _mm256_or_si256(
            _mm256_or_si256(x, _mm256_slli_epi32::<9>(x)),
            _mm256_slli_epi32::<18>(x),
        )
    }
}

/// The words of digits 0..7 in each band, one vector a band with digit
/// `d` in lane `d`: four aligned loads and a transpose (digit 8 is not in
/// them). Against three gathers of the same words, 1.01 to 1.03 of the
/// speed on the hard collections, first solution and count (Zen 4,
/// medians of five alternated runs).
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn bands_of_digits(st: &SearchNode) -> [__m256i; 3] {
    // SAFETY: AVX2 is available (caller's contract); `cand` is 32-byte
    // aligned (asserted above) and the four loads read its words 0..32.
    unsafe {
        let words = st.cand.as_ptr() as *const __m256i;
        let (v0, v1, v2, v3) = (
            _mm256_load_si256(words),
            _mm256_load_si256(words.add(1)),
            _mm256_load_si256(words.add(2)),
            _mm256_load_si256(words.add(3)),
        );
        // Digits 0 and 4, 1 and 5, 2 and 6, 3 and 7: one in each half.
        let p0 = _mm256_permute2x128_si256::<0x20>(v0, v2);
        let p1 = _mm256_permute2x128_si256::<0x31>(v0, v2);
        let p2 = _mm256_permute2x128_si256::<0x20>(v1, v3);
        let p3 = _mm256_permute2x128_si256::<0x31>(v1, v3);
        let (t0, t1) = (_mm256_unpacklo_epi32(p0, p1), _mm256_unpackhi_epi32(p0, p1));
        let (t2, t3) = (_mm256_unpacklo_epi32(p2, p3), _mm256_unpackhi_epi32(p2, p3));
        [
            _mm256_unpacklo_epi64(t0, t2),
            _mm256_unpackhi_epi64(t0, t2),
            _mm256_unpacklo_epi64(t1, t3),
        ]
    }
}

/// Lanes are digits 0..8; see `SearchNode::cross_bands_digit` for the logic.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn cross_bands_simd<const DIAG: bool>(st: &mut SearchNode) -> Option<bool> {
    // SAFETY: for the whole body: AVX2 is available (caller's contract);
    // the stores go to local arrays of exactly 8 lanes.
    unsafe {
        let [a0, a1, a2] = bands_of_digits(st);
        let m9 = _mm256_set1_epi32(0x1ff);
        let (o0, t0) = fold(a0);
        let (o1, t1) = fold(a1);
        let (o2, t2) = fold(a2);
        let one = _mm256_or_si256(_mm256_or_si256(o0, o1), o2);
        if _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(one, m9))) != 0xff {
            return None;
        }
        let (p0, q0) = (rot1(o0), rot2(o0));
        let (p1, q1) = (rot1(o1), rot2(o1));
        let (p2, q2) = (rot1(o2), rot2(o2));
        let k0 = _mm256_and_si256(o0, either(p1, q2, q1, p2));
        let k1 = _mm256_and_si256(o1, either(p0, q2, q0, p2));
        let k2 = _mm256_and_si256(o2, either(p0, q1, q0, p1));
        let lost = _mm256_or_si256(
            _mm256_or_si256(_mm256_xor_si256(k0, o0), _mm256_xor_si256(k1, o1)),
            _mm256_xor_si256(k2, o2),
        );
        let zero = _mm256_setzero_si256();
        let shrunk =
            !_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(lost, zero))) & 0xff;
        let n0 = _mm256_and_si256(a0, spread(k0));
        let n1 = _mm256_and_si256(a1, spread(k1));
        let n2 = _mm256_and_si256(a2, spread(k2));
        let two = _mm256_or_si256(
            _mm256_or_si256(_mm256_or_si256(t0, t1), t2),
            either(o0, o1, o2, _mm256_or_si256(o0, o1)),
        );
        let single = spread(_mm256_andnot_si256(two, one));
        let c0 = _mm256_and_si256(
            _mm256_and_si256(n0, single),
            _mm256_set1_epi32(st.unsolved[0] as i32),
        );
        let c1 = _mm256_and_si256(
            _mm256_and_si256(n1, single),
            _mm256_set1_epi32(st.unsolved[1] as i32),
        );
        let c2 = _mm256_and_si256(
            _mm256_and_si256(n2, single),
            _mm256_set1_epi32(st.unsolved[2] as i32),
        );
        let any = _mm256_or_si256(_mm256_or_si256(c0, c1), c2);
        let found = !_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(any, zero))) & 0xff;
        if shrunk != 0 {
            let mut n = [[0u32; 8]; 3];
            _mm256_storeu_si256(n[0].as_mut_ptr() as *mut __m256i, n0);
            _mm256_storeu_si256(n[1].as_mut_ptr() as *mut __m256i, n1);
            _mm256_storeu_si256(n[2].as_mut_ptr() as *mut __m256i, n2);
            let mut m = shrunk;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                for (b, band) in n.iter().enumerate() {
                    st.cand[slot(d, b)] = band[d];
                }
            }
        }
        if found != 0 {
            let mut c = [[0u32; 8]; 3];
            _mm256_storeu_si256(c[0].as_mut_ptr() as *mut __m256i, c0);
            _mm256_storeu_si256(c[1].as_mut_ptr() as *mut __m256i, c1);
            _mm256_storeu_si256(c[2].as_mut_ptr() as *mut __m256i, c2);
            let mut m = found;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                for (b, band) in c.iter().enumerate() {
                    if !st.place_all::<DIAG>(d, b, band[d]) {
                        return None;
                    }
                }
            }
        }
        let last = st.cross_bands_digit::<DIAG>(8)?;
        Some(last || shrunk != 0 || found != 0)
    }
}

/// How many of the 27 slots must have changed for `update_slots` to run
/// [`whole_pass`] instead of walking the changed slots one by one.
///
/// In practice only the root's first round, where every slot is new, gets
/// that far; there the pass saves about 8 of an easy puzzle's 35 branch
/// mispredicts (one per slot walked): kaggle_sample runs 12-20% faster,
/// seventeen_clue up to 7%, and the hard lists and serg_benchmark are level.
/// Any threshold from 12 to 27 measured the same. Running the pass on every
/// round instead, however few slots changed, costs 35-50% more instructions
/// on the hard lists and is 16% slower there: after a guess only a handful
/// of slots change, and walking them is cheaper than passing over all 36.
const WHOLE_PASS_MIN: u32 = 16;

/// `SearchNode::update_slot` on every slot at once: the segment rule and the row
/// singles of all nine digits in all three bands, eight slots per vector.
/// Every slot's new candidates are written (and marked as propagated)
/// before any single is placed; the singles are then placed in slot order.
/// False on a dead end: a slot with no candidate left, or a single that
/// clashes with one placed before it.
///
/// # Safety
/// AVX2, BMI1/2, POPCNT and LZCNT must be available.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn whole_pass<const DIAG: bool>(st: &mut SearchNode) -> bool {
    // Singles found per slot, laid out like `SearchNode::cand`.
    #[repr(C, align(32))]
    struct Slots([u32; WORDS]);
    let mut singles = Slots([0; WORDS]);
    let (mut empty, mut found) = (0u64, 0u64);
    // SAFETY: AVX2 is available (caller's contract). `cand`, `prev` and
    // `singles` are `[u32; WORDS]` (40 words) at 32-byte aligned addresses
    // (asserted near the top of this file for `SearchNode`; `Slots` by its
    // attribute), so the five aligned 256-bit loads and stores cover each
    // exactly.
    unsafe {
        let zero = _mm256_setzero_si256();
        let [u0, u1, u2] = st.unsolved.map(|u| u as i32);
        // Lanes follow `slot(d, b)`: band `b` in lanes `b` and `4 + b`.
        let unsolved = _mm256_setr_epi32(u0, u1, u2, 0, u0, u1, u2, 0);
        let cand = st.cand.as_mut_ptr() as *mut __m256i;
        let prev = st.prev.as_mut_ptr() as *mut __m256i;
        let out = singles.0.as_mut_ptr() as *mut __m256i;
        for v in 0..WORDS / 8 {
            let a = segment_keep(_mm256_load_si256(cand.add(v)));
            _mm256_store_si256(cand.add(v), a);
            _mm256_store_si256(prev.add(v), a);
            let none = _mm256_cmpeq_epi32(a, zero);
            empty |= (_mm256_movemask_ps(_mm256_castsi256_ps(none)) as u64) << (8 * v);
            let one = row_singles(_mm256_and_si256(a, unsolved));
            _mm256_store_si256(out.add(v), one);
            let quiet = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(one, zero)));
            found |= ((!quiet & 0xff) as u64) << (8 * v);
        }
    }
    if empty & REAL_SLOTS != 0 {
        return false;
    }
    let mut m = found & REAL_SLOTS;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        if !st.place_all::<DIAG>(i / 4, i % 4, singles.0[i]) {
            return false;
        }
    }
    true
}

/// The segment rule of `SEGMENT_KEEP`, per lane, with shifts instead of a
/// table: a segment (row `r` of the band inside box `c`) keeps its cells
/// only if it completes a permutation with one segment of each other row
/// and box, that is if segments (r+1, c+1) and (r+2, c+2), or (r+1, c+2)
/// and (r+2, c+1), are both present (rows and boxes counted mod 3).
///
/// Segment (r, c) is tracked at bit `9r + 3c`, its first cell, so that
/// moving to the next box is a shift by 3 and to the next row a shift by 9.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn segment_keep(a: __m256i) -> __m256i {
    // SAFETY: AVX2 is available (caller's contract); no memory access.
    // (Compilers before 1.86 need this block; newer ones find it redundant.)
    #[allow(unused_unsafe)]
    unsafe {
        let set = _mm256_set1_epi32;
        // Bit 9r + 3c: the segment has a candidate.
        let s = _mm256_and_si256(
            _mm256_or_si256(
                _mm256_or_si256(a, _mm256_srli_epi32::<1>(a)),
                _mm256_srli_epi32::<2>(a),
            ),
            set(0x124_9249),
        );
        // At (r, c): segment (r, c + 1), then segment (r, c + 2).
        let box1 = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32::<3>(s), set(0x24_1209)),
            _mm256_and_si256(_mm256_slli_epi32::<6>(s), set(0x100_8040)),
        );
        let box2 = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32::<6>(s), set(0x4_0201)),
            _mm256_and_si256(_mm256_slli_epi32::<3>(s), set(0x120_9048)),
        );
        // At (r, c): the same from row r + 1, and from row r + 2.
        let row1 = |x: __m256i| {
            _mm256_or_si256(
                _mm256_srli_epi32::<9>(x),
                _mm256_and_si256(_mm256_slli_epi32::<18>(x), set(0x7fc_0000)),
            )
        };
        let row2 = |x: __m256i| {
            _mm256_or_si256(
                _mm256_srli_epi32::<18>(x),
                _mm256_and_si256(_mm256_slli_epi32::<9>(x), set(0x7ff_fe00)),
            )
        };
        let keep = _mm256_and_si256(
            s,
            _mm256_or_si256(
                _mm256_and_si256(row1(box1), row2(box2)),
                _mm256_and_si256(row1(box2), row2(box1)),
            ),
        );
        let cells = _mm256_or_si256(
            _mm256_or_si256(keep, _mm256_slli_epi32::<1>(keep)),
            _mm256_slli_epi32::<2>(keep),
        );
        _mm256_and_si256(a, cells)
    }
}

/// Per lane, the rows (9 bits each) that hold exactly one bit; other rows 0.
///
/// # Safety
/// AVX2 must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn row_singles(x: __m256i) -> __m256i {
    // SAFETY: AVX2 is available (caller's contract); no memory access.
    // (Compilers before 1.86 need this block; newer ones find it redundant.)
    #[allow(unused_unsafe)]
    unsafe {
        let zero = _mm256_setzero_si256();
        let minus_one = _mm256_set1_epi32(-1);
        // `r` when clearing its lowest bit leaves nothing (so also for 0).
        let lone = |r: __m256i| {
            let rest = _mm256_and_si256(r, _mm256_add_epi32(r, minus_one));
            _mm256_and_si256(r, _mm256_cmpeq_epi32(rest, zero))
        };
        let row = |k: i32| _mm256_and_si256(x, _mm256_set1_epi32(0x1ff << (9 * k)));
        _mm256_or_si256(_mm256_or_si256(lone(row(0)), lone(row(1))), lone(row(2)))
    }
}

/// `search::swappable_rectangle` with one SSE4.2 string compare per pair
/// of lines: for lines `a` and `b`, byte `i` of one operand is
/// `16 * a[i] + b[i]` and of the other `16 * b[i] + a[i]`, and "equal any"
/// says whether some position's pair comes back swapped at another.
/// Givens get a different filler byte in each operand, so they never match.
///
/// # Safety
/// AVX2 (and so SSE4.2) must be available.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn swappable_rectangle_simd(puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
    // Digits of the cells that are not givens, 0 for givens; by rows, and
    // by columns. Padded so a 16-byte load at any line start stays inside.
    let mut rows = [0u8; 96];
    let mut cols = [0u8; 96];
    // SAFETY: AVX2 and SSE4.2 are available (caller's contract). The
    // 32-byte loads and stores start at bytes 0, 27 and 49, so they end by
    // byte 81 of the 81-byte inputs (and of the 96-byte `rows`); the 16-byte
    // loads start at 9 * line, line < 9, so they end by byte 88 of 96.
    unsafe {
        // Without a branch per cell: whether a cell is a given is a coin toss.
        let zero256 = _mm256_setzero_si256();
        for at in [0, 27, 49] {
            let p = _mm256_loadu_si256(puzzle.as_ptr().add(at) as *const __m256i);
            let g = _mm256_loadu_si256(grid.as_ptr().add(at) as *const __m256i);
            let open = _mm256_and_si256(_mm256_cmpeq_epi8(p, zero256), g);
            _mm256_storeu_si256(rows.as_mut_ptr().add(at) as *mut __m256i, open);
        }
        for r in 0..9 {
            for c in 0..9 {
                cols[9 * c + r] = rows[9 * r + c];
            }
        }
        let zero = _mm_setzero_si128();
        let (fill_a, fill_b) = (_mm_set1_epi8(0x77), _mm_set1_epi8(0x66));
        for lines in [&rows, &cols] {
            let at = |l: usize| _mm_loadu_si128(lines.as_ptr().add(9 * l) as *const __m128i);
            for band in 0..3 {
                for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                    let (a, b) = (at(3 * band + i), at(3 * band + j));
                    let given = _mm_or_si128(_mm_cmpeq_epi8(a, zero), _mm_cmpeq_epi8(b, zero));
                    // Digits are below 16, so a 16-bit shift moves each byte
                    // into its own high nibble without spilling.
                    let ab = _mm_or_si128(_mm_slli_epi16::<4>(a), b);
                    let ba = _mm_or_si128(_mm_slli_epi16::<4>(b), a);
                    let ab = _mm_blendv_epi8(ab, fill_a, given);
                    let ba = _mm_blendv_epi8(ba, fill_b, given);
                    if _mm_cmpestrc::<{ _SIDD_UBYTE_OPS | _SIDD_CMP_EQUAL_ANY }>(ab, 9, ba, 9) != 0
                    {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Solves with AVX2 and friends enabled.
///
/// # Safety
/// The CPU must support AVX2, BMI1, BMI2, POPCNT and LZCNT (see
/// `super::avx2_available`).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn solve(
    puzzle: &[u8; 81],
    diagonal: bool,
    max_solutions: u64,
    max_guesses: u64,
    stop: Option<&AtomicBool>,
    solution: &mut [u8; 81],
) -> FastOutcome {
    let (m, g) = (max_solutions, max_guesses);
    match (pext_is_fast(), diagonal) {
        (true, false) => search::<_, false>(Avx2Kernel::<true>, puzzle, m, g, stop, solution),
        (false, false) => search::<_, false>(Avx2Kernel::<false>, puzzle, m, g, stop, solution),
        (true, true) => search::<_, true>(Avx2Kernel::<true>, puzzle, m, g, stop, solution),
        (false, true) => search::<_, true>(Avx2Kernel::<false>, puzzle, m, g, stop, solution),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tables::SEGMENT_KEEP;
    use super::*;

    /// The `pext` path must give the tables' segment pattern for every
    /// word: each row's three bits depend on that row alone, so every
    /// 9-bit value in every row, plus mixed words, covers it.
    #[test]
    fn pext_segments_match_the_tables() {
        if !super::super::avx2_available() {
            return;
        }
        let fast = Avx2Kernel::<true>;
        for a in band_words() {
            assert_eq!(fast.segments(a), Portable.segments(a), "word {a:#x}");
        }
    }

    /// The kernel without `pext` (AMD before Zen 3) searches exactly as
    /// the one with it: same outcomes, guesses and first solutions, on
    /// puzzles from sparse to dense, standard and diagonal.
    #[test]
    fn the_table_kernel_searches_as_the_pext_kernel() {
        if !super::super::avx2_available() {
            return;
        }
        for (puzzle, _) in super::super::search::tests::rectangle_cases()
            .iter()
            .take(400)
        {
            for max in [1, 2] {
                let (mut a, mut b) = ([0u8; 81], [0u8; 81]);
                let with = search::<_, false>(Avx2Kernel::<true>, puzzle, max, 1000, None, &mut a);
                let without =
                    search::<_, false>(Avx2Kernel::<false>, puzzle, max, 1000, None, &mut b);
                assert_eq!((with, a), (without, b), "{puzzle:?}");
                let with = search::<_, true>(Avx2Kernel::<true>, puzzle, max, 1000, None, &mut a);
                let without =
                    search::<_, true>(Avx2Kernel::<false>, puzzle, max, 1000, None, &mut b);
                assert_eq!((with, a), (without, b), "diagonal {puzzle:?}");
            }
        }
    }

    /// Both AVX2 kernels read the givens as the portable code does: the
    /// same refusals and the same nodes.
    #[test]
    fn givens_read_by_each_kernel_agree() {
        if !super::super::avx2_available() {
            return;
        }
        for p in &super::super::search::tests::givens_cases() {
            let mut want = SearchNode::new();
            let ok = want.load_givens(Portable, p);
            let (mut with, mut without) = (SearchNode::new(), SearchNode::new());
            assert_eq!(with.load_givens(Avx2Kernel::<true>, p), ok, "{p:?}");
            assert_eq!(without.load_givens(Avx2Kernel::<false>, p), ok, "{p:?}");
            if ok {
                assert_eq!((with.cand, with.unsolved), (want.cand, want.unsolved));
                assert_eq!((without.cand, without.unsolved), (want.cand, want.unsolved));
            }
        }
    }

    /// The kernel's vector reads of a node agree with the portable code:
    /// each band's words of digits 0..7 in their lanes, and a cell's
    /// digits, on nodes of random words from sparse to dense.
    #[test]
    fn vector_reads_of_a_node_match_the_portable_ones() {
        if !super::super::avx2_available() {
            return;
        }
        let words = band_words();
        let mut next = words.iter().cycle().skip(1000);
        for case in 0..3000 {
            let mut st = SearchNode::new();
            for d in 0..9 {
                for b in 0..3 {
                    // Denser words as the cases go on.
                    let mut w = *next.next().unwrap();
                    for _ in 0..case % 4 {
                        w |= *next.next().unwrap();
                    }
                    st.cand[slot(d, b)] = w;
                }
            }
            // SAFETY: AVX2 is available (checked above); the stores go to
            // 8-word locals.
            let lanes = unsafe {
                bands_of_digits(&st).map(|v| {
                    let mut lanes = [0u32; 8];
                    _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, v);
                    lanes
                })
            };
            for (b, got) in lanes.iter().enumerate() {
                let want: [u32; 8] = core::array::from_fn(|d| st.cand[slot(d, b)]);
                assert_eq!(*got, want, "case {case}, band {b}");
                for pos in 0..27 {
                    let want = st.digits_at(b, pos);
                    let got = Avx2Kernel::<true>.digits_at(&st, b, pos);
                    assert_eq!(got, want, "case {case}, band {b}, cell {pos}");
                }
            }
        }
    }

    /// 27-bit band words: every 9-bit value in every row, every segment
    /// pattern with its segments full, and a spread of mixed words.
    fn band_words() -> Vec<u32> {
        let mut words: Vec<u32> = (0..3)
            .flat_map(|r| (0..512u32).map(move |x| x << (9 * r)))
            .collect();
        words.extend((0..512u32).map(|p| {
            (0..9)
                .filter(|i| p >> i & 1 != 0)
                .map(|i| 7 << (9 * (i / 3) + 3 * (i % 3)))
                .sum::<u32>()
        }));
        let mut x = 0x2545_f491u32;
        for _ in 0..10_000 {
            // xorshift: any spread of 27-bit words will do.
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            words.push(x & ((1 << 27) - 1));
        }
        words
    }

    /// Checks a lane-wise vector function against `want` on every word of
    /// [`band_words`], eight words per call.
    fn check_lanes(f: unsafe fn(__m256i) -> __m256i, want: impl Fn(u32) -> u32) {
        if !super::super::avx2_available() {
            return;
        }
        for chunk in band_words().chunks(8) {
            let mut lanes = [0u32; 8];
            lanes[..chunk.len()].copy_from_slice(chunk);
            // SAFETY: AVX2 is available (checked above); the load and the
            // store go to the 8-word local.
            unsafe {
                let v = _mm256_loadu_si256(lanes.as_ptr() as *const __m256i);
                _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, f(v));
            }
            for (&a, &got) in chunk.iter().zip(&lanes) {
                assert_eq!(got, want(a), "word {a:#x}");
            }
        }
    }

    #[test]
    fn vector_segment_rule_matches_the_table() {
        check_lanes(segment_keep, |a| a & SEGMENT_KEEP[Portable.segments(a)]);
    }

    #[test]
    fn vector_row_singles_keep_rows_of_one_bit() {
        check_lanes(row_singles, |a| {
            (0..3)
                .map(|r| a & 0x1ff << (9 * r))
                .filter(|row| row.count_ones() == 1)
                .sum()
        });
    }

    #[test]
    fn simd_rectangle_matches_portable() {
        if !super::super::avx2_available() {
            return;
        }
        let k = Avx2Kernel::<true>;
        for (puzzle, grid) in super::super::search::tests::rectangle_cases() {
            assert_eq!(
                k.swappable_rectangle(&puzzle, &grid),
                Portable.swappable_rectangle(&puzzle, &grid),
                "{puzzle:?} {grid:?}"
            );
        }
    }

    #[test]
    fn pext_is_avoided_only_before_zen_3() {
        let amd = b"AuthenticAMD";
        // EPYC 7002 (Zen 2, family 0x17) and Hygon Dhyana (0x18): no.
        assert!(!pext_fast_for(amd, 0x0083_0f10));
        assert!(!pext_fast_for(b"HygonGenuine", 0x0090_0f01));
        // EPYC 7003 (Zen 3, 0x19), Ryzen 7000 (Zen 4, 0x19), Zen 5 (0x1a): yes.
        assert!(pext_fast_for(amd, 0x00a0_0f11));
        assert!(pext_fast_for(amd, 0x00a6_0f12));
        assert!(pext_fast_for(amd, 0x00b4_0f40));
        // Intel Haswell (family 6): yes.
        assert!(pext_fast_for(b"GenuineIntel", 0x0003_06c3));
    }
}
