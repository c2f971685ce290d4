//! Which potentials can reach which, over a whole grid at once, so that a
//! chain search that cannot succeed is never started.
//!
//! The links of a forcing chain or cycle (see [`super::chains`]) depend only
//! on the grid, not on the path that reaches them, so they form a fixed
//! directed graph: one node per potential (a candidate on or off), an edge
//! per link. A forcing chain from `p` exists exactly when the graph has a
//! path from `p` to its opposite, and a cycle through `p` only when `p`
//! lies in a strongly connected component with more than one node. Sudoku
//! Explainer finds out by searching breadth first from every candidate; most
//! of those searches find nothing and visit everything they can reach.
//!
//! Here the whole graph is answered in one pass, the way reachability is
//! usually computed on a graph with cycles: Tarjan's algorithm ("Depth-first
//! search and linear graph algorithms", SIAM J. Computing 1(2), 1972) finds
//! the strongly connected components, and it finishes each component after
//! every component it reaches. So each component's reach (a bit row with
//! one bit per node) is the union of its own nodes and the rows of the
//! components its edges lead to, all complete by then. The searches then
//! run only from the potentials whose row holds their target, and find the
//! same chains as before.

/// A component not finished yet.
const UNSET: u32 = u32::MAX;

/// The component of a node with no edges out: it reaches only itself, and
/// needs no row.
const NOWHERE: u32 = u32::MAX - 1;

/// The reach of every node of a graph, built by [`Reach::build`]; its
/// buffers are kept for the next graph.
#[derive(Default)]
pub(super) struct Reach {
    /// Words per bit row.
    words: usize,
    /// The edges, as lists: node `v`'s successors are
    /// `edges[starts[v]..starts[v + 1]]`.
    starts: Vec<u32>,
    edges: Vec<u32>,
    /// Per node, where its edges to nodes with no edges out begin: each
    /// node's edges are sorted into those to nodes that lead somewhere,
    /// then those to nodes that lead nowhere (most "off"s, and most edges).
    /// The search never enters the second, finished before it starts, so it
    /// does not walk those edges at all, and a row takes their nodes in
    /// with no more questions.
    ends: Vec<u32>,
    /// Each node's component.
    component: Vec<u32>,
    /// Per component: its bit row (every node it reaches, its own included),
    /// and whether it holds a cycle (two or more nodes).
    rows: Vec<u64>,
    cyclic: Vec<bool>,
    /// Per component, the last component whose row took in its row: a
    /// component with many edges to another takes it in once.
    taken_by: Vec<u32>,
    /// Tarjan's bookkeeping: visit order, lowest order reachable, the stack
    /// of open nodes, and the depth-first path as (node, next edge).
    order: Vec<u32>,
    low: Vec<u32>,
    open: Vec<u32>,
    path: Vec<(u32, u32)>,
}

impl Reach {
    /// Builds the reach of a graph of `nodes` nodes whose successors
    /// `successors(v, out)` pushes onto `out`.
    pub(super) fn build(&mut self, nodes: usize, mut successors: impl FnMut(usize, &mut Vec<u32>)) {
        self.starts.clear();
        self.edges.clear();
        self.starts.push(0);
        for v in 0..nodes {
            successors(v, &mut self.edges);
            self.starts.push(self.edges.len() as u32);
        }
        self.ends.clear();
        for v in 0..nodes {
            let (mut lo, mut hi) = (self.starts[v] as usize, self.starts[v + 1] as usize);
            while lo < hi {
                if self.leads_nowhere(self.edges[lo] as usize) {
                    hi -= 1;
                    self.edges.swap(lo, hi);
                } else {
                    lo += 1;
                }
            }
            self.ends.push(lo as u32);
        }
        self.words = nodes.div_ceil(64);
        self.component.clear();
        self.component.resize(nodes, UNSET);
        self.order.clear();
        self.order.resize(nodes, UNSET);
        self.low.clear();
        self.low.resize(nodes, 0);
        self.rows.clear();
        self.cyclic.clear();
        self.taken_by.clear();
        // A node with no edges out (most "off"s lead nowhere) is a
        // component of its own that reaches only itself: finished before
        // the search, which then never enters it, and with no row (a row
        // each, made and filled, cost more than the rest of such a node).
        for v in 0..nodes {
            if self.leads_nowhere(v) {
                self.component[v] = NOWHERE;
                self.order[v] = 0;
            }
        }
        let mut visited = 0;
        for root in 0..nodes {
            if self.order[root] == UNSET {
                self.visit(root as u32, &mut visited);
            }
        }
    }

    /// Tarjan's depth-first search from `root`, without recursion.
    fn visit(&mut self, root: u32, visited: &mut u32) {
        self.enter(root, visited);
        while let Some(&(v, next)) = self.path.last() {
            let v = v as usize;
            if next < self.ends[v] {
                if let Some(top) = self.path.last_mut() {
                    top.1 += 1;
                }
                let w = self.edges[next as usize] as usize;
                if self.order[w] == UNSET {
                    self.enter(w as u32, visited);
                } else if self.component[w] == UNSET {
                    // Still open: in v's component or one around it.
                    self.low[v] = self.low[v].min(self.order[w]);
                }
                continue;
            }
            self.path.pop();
            if let Some(&(parent, _)) = self.path.last() {
                let parent = parent as usize;
                self.low[parent] = self.low[parent].min(self.low[v]);
            }
            if self.low[v] == self.order[v] {
                self.finish(v as u32);
            }
        }
    }

    fn enter(&mut self, v: u32, visited: &mut u32) {
        self.order[v as usize] = *visited;
        self.low[v as usize] = *visited;
        *visited += 1;
        self.open.push(v);
        self.path.push((v, self.starts[v as usize]));
    }

    /// Closes the component whose first node is `root`: its members leave
    /// the stack, and its row gathers them and the rows they lead to.
    fn finish(&mut self, root: u32) {
        let c = self.cyclic.len() as u32;
        let words = self.words;
        let at = self.rows.len();
        self.rows.resize(at + words, 0);
        let first = self
            .open
            .iter()
            .rposition(|&v| v == root)
            .expect("a component's root is open until it is finished");
        for i in first..self.open.len() {
            let v = self.open[i];
            self.component[v as usize] = c;
            self.rows[at + v as usize / 64] |= 1 << (v % 64);
        }
        // Every edge out of the component leads to a finished one.
        let mut cyclic = self.open.len() - first > 1;
        for i in first..self.open.len() {
            let v = self.open[i] as usize;
            // A node with no edges out reaches only itself.
            for e in self.ends[v]..self.starts[v + 1] {
                let w = self.edges[e as usize];
                self.rows[at + w as usize / 64] |= 1 << (w % 64);
            }
            for e in self.starts[v]..self.ends[v] {
                let w = self.edges[e as usize];
                let d = self.component[w as usize];
                if d == c {
                    cyclic |= w as usize == v;
                    continue;
                }
                if self.taken_by[d as usize] == c {
                    continue;
                }
                self.taken_by[d as usize] = c;
                // A finished component's row comes before this one's.
                let (done, row) = self.rows.split_at_mut(at);
                let other = &done[d as usize * words..(d as usize + 1) * words];
                for (word, &more) in row.iter_mut().zip(other) {
                    *word |= more;
                }
            }
        }
        self.open.truncate(first);
        self.cyclic.push(cyclic);
        self.taken_by.push(UNSET);
    }

    /// True when node `v` has no edges out.
    fn leads_nowhere(&self, v: usize) -> bool {
        self.starts[v] == self.starts[v + 1]
    }

    /// True when a path leads from node `a` to node `b` (every node reaches
    /// itself).
    pub(super) fn reaches(&self, a: usize, b: usize) -> bool {
        match self.component[a] {
            NOWHERE => a == b,
            c => self.rows[c as usize * self.words + b / 64] & (1 << (b % 64)) != 0,
        }
    }

    /// Keeps in `row`, a bit row of [`Reach::words`] words, only the nodes
    /// `a` reaches.
    pub(super) fn keep_reached(&self, a: usize, row: &mut [u64]) {
        match self.component[a] {
            NOWHERE => {
                for (w, word) in row.iter_mut().enumerate() {
                    if w != a / 64 {
                        *word = 0;
                    }
                }
                row[a / 64] &= 1 << (a % 64);
            }
            c => {
                let at = c as usize * self.words;
                for (word, &r) in row.iter_mut().zip(&self.rows[at..at + self.words]) {
                    *word &= r;
                }
            }
        }
    }

    /// Words per bit row.
    pub(super) fn words(&self) -> usize {
        self.words
    }

    /// True when node `a` lies on a cycle.
    pub(super) fn on_cycle(&self, a: usize) -> bool {
        match self.component[a] {
            NOWHERE => false,
            c => self.cyclic[c as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reach by plain depth-first search, to check against.
    fn slow_reaches(adj: &[Vec<u32>], a: usize, b: usize) -> bool {
        let mut seen = vec![false; adj.len()];
        let mut todo = vec![a];
        while let Some(v) = todo.pop() {
            if v == b {
                return true;
            }
            if !std::mem::replace(&mut seen[v], true) {
                todo.extend(adj[v].iter().map(|&w| w as usize));
            }
        }
        false
    }

    fn reach_of(adj: &[Vec<u32>]) -> Reach {
        let mut reach = Reach::default();
        reach.build(adj.len(), |v, out| out.extend(&adj[v]));
        reach
    }

    #[test]
    fn a_chain_a_cycle_and_a_loop_on_one_node() {
        // 0 -> 1 -> 2 -> 1, 3 -> 3, 4 alone.
        let adj = vec![vec![1], vec![2], vec![1], vec![3], vec![]];
        let reach = reach_of(&adj);
        assert!(reach.reaches(0, 2) && reach.reaches(2, 1) && !reach.reaches(1, 0));
        assert!(!reach.on_cycle(0) && reach.on_cycle(1) && reach.on_cycle(2));
        assert!(reach.on_cycle(3) && !reach.on_cycle(4));
        assert!(reach.reaches(4, 4) && !reach.reaches(4, 0));
    }

    #[test]
    fn edges_to_nodes_that_lead_nowhere_count_wherever_they_are_listed() {
        // 0 -> 4 (nowhere), 1, 5 (nowhere); 1 -> 6 (nowhere), 0; 2 -> 5, 3;
        // 3 -> 3. The edges to nodes with no edges out come first, between
        // and last, and the search walks only the others.
        let adj = vec![
            vec![4, 1, 5],
            vec![6, 0],
            vec![5, 3],
            vec![3],
            vec![],
            vec![],
            vec![],
        ];
        let reach = reach_of(&adj);
        for (a, reached) in [
            (0, vec![0, 1, 4, 5, 6]),
            (1, vec![0, 1, 4, 5, 6]),
            (2, vec![2, 3, 5]),
            (3, vec![3]),
            (4, vec![4]),
        ] {
            for b in 0..adj.len() {
                assert_eq!(reach.reaches(a, b), reached.contains(&b), "{a} {b}");
            }
        }
        assert!(reach.on_cycle(0) && reach.on_cycle(1) && reach.on_cycle(3));
        assert!(!reach.on_cycle(2) && !reach.on_cycle(4));
        let mut row = [u64::MAX];
        reach.keep_reached(2, &mut row);
        assert_eq!(row[0], 0b10_1100);
        let mut row = [u64::MAX];
        reach.keep_reached(5, &mut row);
        assert_eq!(row[0], 1 << 5);
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_a_plain_search(
            edges in proptest::collection::vec((0u32..60, 0u32..60), 0..150)
        ) {
            let mut adj = vec![Vec::new(); 60];
            for (a, b) in edges {
                adj[a as usize].push(b);
            }
            let reach = reach_of(&adj);
            for a in 0..60 {
                let cycle = adj[a].iter().any(|&w| slow_reaches(&adj, w as usize, a));
                proptest::prop_assert_eq!(reach.on_cycle(a), cycle, "node {}", a);
                for b in 0..60 {
                    proptest::prop_assert_eq!(reach.reaches(a, b), slow_reaches(&adj, a, b));
                }
            }
        }
    }
}
