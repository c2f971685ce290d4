//! The shape of the logic module, held to what its front page promises:
//! imports point down the layers listed in `LAYERS`, no two files import
//! each other even through others, a folder's `mod.rs` is a front that
//! nothing below imports, and no source file outgrows a reader.
//!
//! The check reads the sources as text. A file's imports are the module
//! paths its code names (`use` lines and paths written inline), outside
//! comments and outside its `#[cfg(test)]` modules, written inline or in a
//! file of their own (`#[cfg(test)] mod tests;`): tests may reach up to the
//! solver for real paths to check a rule against.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers of `logic/`, lowest first: a file may import its own layer
/// and those listed before it. A module stands for itself and every module
/// below it, unless a longer entry names a part of it.
const LAYERS: &[&[&str]] = &[
    &["bits", "cache", "units", "templates"],
    &["text"],
    &["step"],
    &["state"],
    &["finder"],
    &["techniques::since_barren"],
    &["techniques"],
    &["chains::potential", "chains::se_order"],
    &["chains::board"],
    &["chains::reach", "chains::digit_memo"],
    &["chains::forcing::search"],
    &["chains::forcing::graph"],
    &["chains::forcing::cycles", "chains::forcing::contradiction"],
    &["chains::forcing::text", "chains::forcing::nested"],
    &["chains::forcing::rank"],
    &["chains::forcing::rule"],
    // The dynamic chains' folder, file by file: the parts that stand on
    // their own, the rules, one chain's record, the engine's state, then
    // the engine's work (an `impl Engine` block each), the finder on top.
    &[
        "chains::dynamic::memo",
        "chains::dynamic::closure",
        "chains::dynamic::inner",
        "chains::dynamic::spread",
    ],
    &["chains::dynamic::rule"],
    &["chains::dynamic::run"],
    &["chains::dynamic::engine"],
    &["chains::dynamic::follow"],
    &["chains::dynamic::rank"],
    &["chains::dynamic::nested"],
    &["chains::dynamic::prune"],
    &["chains::dynamic::conclude"],
    &["chains::dynamic::search"],
    &["chains::dynamic::explain"],
    &["chains::dynamic::finder"],
    &["chains::dynamic"],
    &["solver"],
    &["rating"],
    &["hint"],
    // HoDoKu's rules, file by file: Java's sort, the table, the grid, the notation,
    // one step's record, the library format, the implication tables (a
    // net's built on a chain's), the finders, the path, the hint and what
    // a generator keeps.
    &["hodoku::java_sort"],
    &["hodoku::table"],
    &["hodoku::board"],
    &["hodoku::notation"],
    &["hodoku::moves"],
    &["hodoku::library"],
    // The almost locked sets (collected, then searched), which the tables
    // take as nodes too.
    &["hodoku::als_sets"],
    &["hodoku::als"],
    &["hodoku::als_nodes"],
    &["hodoku::tabling"],
    &["hodoku::forcing_nets"],
    &[
        "hodoku::singles",
        "hodoku::intersections",
        "hodoku::subsets",
        "hodoku::fish",
        "hodoku::franken",
        "hodoku::patterns",
        "hodoku::turbot",
        "hodoku::wings",
        "hodoku::uniqueness",
        "hodoku::sue_de_coq",
        "hodoku::coloring",
        "hodoku::templates",
        "hodoku::remote_pair",
        "hodoku::xchains",
        "hodoku::nice_loops",
        "hodoku::brute_force",
        "hodoku::death_blossom",
        "hodoku::forcing",
        "hodoku::kraken",
    ],
    &["hodoku::search"],
    &["hodoku::path"],
    &["hodoku::hint", "hodoku::wanted"],
];

/// The most source lines a file may have.
const MAX_LINES: usize = 1200;

fn crate_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// A file's module path inside `logic` ("" for `logic/mod.rs`).
fn module_of(logic: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(logic).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// The code of a file: comments dropped, and the `#[cfg(test)]` modules.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut skip_depth: Option<usize> = None;
    let mut depth = 0usize;
    let mut test_attr = false;
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        let trimmed = line.trim();
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        if skip_depth.is_none() && test_attr && trimmed.contains("mod ") && opens > 0 {
            skip_depth = Some(depth);
        }
        test_attr = trimmed == "#[cfg(test)]" || (test_attr && trimmed.starts_with("#["));
        depth = depth + opens - closes.min(depth + opens);
        match skip_depth {
            Some(d) if depth <= d && closes > 0 => skip_depth = None,
            Some(_) => {}
            None => {
                code.push_str(line);
                code.push('\n');
            }
        }
    }
    code
}

/// The module paths (inside `logic`) that `code`, in module `module`,
/// names: `crate::logic::a::b`, `super::a`, and its own children `c::`.
fn named_paths(module: &str, is_mod_rs: bool, code: &str) -> BTreeSet<String> {
    let code = &without_restricted_visibility(code);
    // `super` is the parent of the module, whether it is a file or a
    // folder's `mod.rs`.
    let mut parent: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
    parent.pop();
    let children: Vec<String> = code
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("pub ").unwrap_or(l);
            let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
            let l = l.strip_prefix("pub(super) ").unwrap_or(l);
            l.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect();
    let mut paths = BTreeSet::new();
    // Expand `use a::{b, c::{d}}` into a::b, a::c::d, so each is read.
    let expanded = expand_braces(code);
    for token in expanded.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        let segments: Vec<&str> = token.split("::").filter(|s| !s.is_empty()).collect();
        let path: Vec<String> = match segments.as_slice() {
            ["crate", "logic", rest @ ..] => rest.iter().map(|s| s.to_string()).collect(),
            ["super", rest @ ..] if !rest.is_empty() => {
                let mut base: Vec<String> = parent.iter().map(|s| s.to_string()).collect();
                let mut rest = rest;
                let mut ok = true;
                while let ["super", more @ ..] = rest {
                    ok &= base.pop().is_some();
                    rest = more;
                }
                if !ok {
                    continue;
                }
                base.extend(rest.iter().map(|s| s.to_string()));
                base
            }
            [first, rest @ ..] if !rest.is_empty() && children.iter().any(|c| c == first) => {
                let mut base: Vec<String> = module
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                if !is_mod_rs {
                    continue;
                }
                base.push(first.to_string());
                base.extend(rest.iter().map(|s| s.to_string()));
                base
            }
            _ => continue,
        };
        paths.insert(path.join("::"));
    }
    paths
}

/// `code` with each `pub(in path)` written `pub`: a visibility names a
/// module but imports nothing from it.
fn without_restricted_visibility(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(start) = out.find("pub(in ") {
        let end = out[start..].find(')').map_or(out.len(), |i| start + i + 1);
        out.replace_range(start..end, "pub");
    }
    out
}

/// `a::{b, c::{d, e}}` written out as `a::b a::c::d a::c::e`.
fn expand_braces(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(open) = out.find("::{") {
        let start = out[..open]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |i| i + 1);
        let prefix = out[start..open].to_string();
        let mut depth = 0;
        let mut end = open + 2;
        for (i, c) in out[open + 2..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + 2 + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let inner = &out[open + 3..end];
        let mut items = Vec::new();
        let (mut level, mut item) = (0, String::new());
        for c in inner.chars() {
            match c {
                '{' => level += 1,
                '}' => level -= 1,
                _ => {}
            }
            if c == ',' && level == 0 {
                items.push(std::mem::take(&mut item));
            } else {
                item.push(c);
            }
        }
        items.push(item);
        let written: Vec<String> = items
            .iter()
            .map(|i| i.trim())
            .filter(|i| !i.is_empty())
            .map(|i| match i {
                "self" => prefix.clone(),
                _ => format!("{prefix}::{i}"),
            })
            .collect();
        out.replace_range(start..=end, &written.join(" "));
    }
    out
}

/// The modules that `text`, the source of module `module`, declares as
/// test modules in files of their own: `#[cfg(test)]` then `mod name;`.
fn test_children(module: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut test_attr = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if test_attr {
            let item = trimmed.strip_prefix("pub(super) ").unwrap_or(trimmed);
            if let Some(name) = item.strip_prefix("mod ").and_then(|m| m.strip_suffix(';')) {
                let parent = module.split("::").filter(|s| !s.is_empty());
                out.push(parent.chain([name]).collect::<Vec<_>>().join("::"));
            }
        }
        test_attr = trimmed == "#[cfg(test)]" || (test_attr && trimmed.starts_with("#["));
    }
    out
}

struct Logic {
    /// Module path -> (file, its code, whether it is a `mod.rs`).
    modules: BTreeMap<String, (PathBuf, String, bool)>,
}

impl Logic {
    fn read() -> Logic {
        let logic = crate_src().join("logic");
        let texts: Vec<(String, PathBuf, String)> = rust_files(&logic)
            .into_iter()
            .map(|file| {
                let text = std::fs::read_to_string(&file).unwrap();
                (module_of(&logic, &file), file, text)
            })
            .collect();
        // Test modules in files of their own are test code, left out like
        // the inline ones.
        let tests: Vec<String> = texts
            .iter()
            .flat_map(|(module, _, text)| test_children(module, text))
            .collect();
        let modules = texts
            .into_iter()
            .filter(|(module, _, _)| {
                !tests
                    .iter()
                    .any(|t| module == t || module.starts_with(&format!("{t}::")))
            })
            .map(|(module, file, text)| {
                let is_mod_rs = file.file_name().is_some_and(|n| n == "mod.rs");
                (module, (file, code_of(&text), is_mod_rs))
            })
            .collect();
        Logic { modules }
    }

    /// The module a path names: its longest prefix that is a module.
    fn resolve(&self, path: &str) -> Option<String> {
        let segments: Vec<&str> = path.split("::").collect();
        (0..=segments.len())
            .rev()
            .map(|n| segments[..n].join("::"))
            .find(|m| self.modules.contains_key(m))
    }

    /// The modules of `logic` that `module`'s code names.
    fn named(&self, module: &str) -> BTreeSet<String> {
        let (_, code, is_mod_rs) = &self.modules[module];
        named_paths(module, *is_mod_rs, code)
            .iter()
            .filter_map(|p| self.resolve(p))
            .filter(|t| t != module)
            .collect()
    }

    /// Each module's imports of other modules of `logic`. A module that
    /// names a front from outside its folder imports what the front
    /// re-exports: the modules the front's `use`s name (through further
    /// fronts too). A front named from inside its folder stays a front, for
    /// the check that nothing below a front imports it.
    fn imports(&self) -> BTreeMap<String, BTreeSet<String>> {
        self.modules
            .keys()
            .map(|module| {
                let mut targets = BTreeSet::new();
                let mut seen = BTreeSet::new();
                let mut todo: Vec<String> = self.named(module).into_iter().collect();
                while let Some(target) = todo.pop() {
                    if !seen.insert(target.clone()) {
                        continue;
                    }
                    let below = target.is_empty() || module.starts_with(&format!("{target}::"));
                    if self.is_front(&target) && !below && !self.is_front(module) {
                        todo.extend(self.named(&target));
                    } else if &target != module {
                        targets.insert(target);
                    }
                }
                (module.clone(), targets)
            })
            .collect()
    }

    /// A folder's `mod.rs` whose code is only `mod` lines and `pub use`s
    /// (`pub(in path) use`s too), each maybe under attributes such as
    /// `#[cfg(test)]`.
    fn is_front(&self, module: &str) -> bool {
        let (_, code, is_mod_rs) = &self.modules[module];
        *is_mod_rs
            && code.split(';').map(str::trim).all(|item| {
                let mut item = item.trim_start_matches(|c: char| c == '}' || c.is_whitespace());
                while let Some(attr) = item.strip_prefix("#[") {
                    item = attr
                        .split_once(']')
                        .map_or("", |(_, rest)| rest.trim_start());
                }
                let restricted_use = item
                    .strip_prefix("pub(")
                    .and_then(|rest| rest.split_once(')'))
                    .is_some_and(|(_, rest)| rest.starts_with(" use "));
                item.is_empty()
                    || item.starts_with("pub use ")
                    || restricted_use
                    || item.starts_with("mod ")
                    || item.starts_with("pub mod ")
                    || item.starts_with("pub(crate) mod ")
            })
    }
}

/// The layer of a module: the index in [`LAYERS`] of its longest entry.
fn layer(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(i, names)| names.iter().map(move |n| (i, *n)))
        .filter(|(_, n)| module == *n || module.starts_with(&format!("{n}::")))
        .max_by_key(|(_, n)| n.len())
        .map(|(i, _)| i)
}

#[test]
fn every_logic_module_has_a_layer() {
    let logic = Logic::read();
    let missing: Vec<&String> = logic
        .modules
        .keys()
        .filter(|m| !logic.is_front(m) && layer(m).is_none())
        .collect();
    assert!(missing.is_empty(), "modules in no layer: {missing:?}");
}

/// Nothing below a front imports it (a module outside its folder may: it
/// imports what the front re-exports, held to the layers like any import).
#[test]
fn the_fronts_hold_only_modules_and_reexports_and_nothing_imports_them() {
    let logic = Logic::read();
    for front in [
        "",
        "techniques",
        "chains",
        "chains::forcing",
        "chains::dynamic",
        "hodoku",
    ] {
        assert!(logic.is_front(front), "logic::{front} is not a front");
    }
    let mut wrong = Vec::new();
    for (module, targets) in logic.imports() {
        for target in targets.iter().filter(|t| logic.is_front(t)) {
            if !logic.is_front(&module) {
                wrong.push(format!("{module} imports the front of logic::{target}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn imports_point_down_the_layers() {
    let logic = Logic::read();
    let mut up = Vec::new();
    for (module, targets) in logic.imports() {
        if logic.is_front(&module) {
            continue;
        }
        let from = layer(&module).unwrap_or(usize::MAX);
        for target in targets {
            if logic.is_front(&target) {
                continue;
            }
            let to = layer(&target).unwrap_or(usize::MAX);
            if to > from {
                up.push(format!("{module} -> {target}"));
            }
        }
    }
    assert!(up.is_empty(), "imports running up the layers: {up:#?}");
}

#[test]
fn no_two_modules_import_each_other() {
    let logic = Logic::read();
    let imports = logic.imports();
    // Depth-first search for a cycle, fronts left out (they only re-export).
    fn visit<'a>(
        m: &'a str,
        imports: &'a BTreeMap<String, BTreeSet<String>>,
        logic: &Logic,
        state: &mut BTreeMap<&'a str, u8>,
        stack: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(1) => {
                let start = stack.iter().position(|s| *s == m).unwrap();
                let mut cycle: Vec<String> = stack[start..].iter().map(|s| s.to_string()).collect();
                cycle.push(m.to_string());
                return Some(cycle);
            }
            Some(_) => return None,
            None => {}
        }
        state.insert(m, 1);
        stack.push(m);
        for t in &imports[m] {
            if logic.is_front(t) {
                continue;
            }
            if let Some(c) = visit(t, imports, logic, state, stack) {
                return Some(c);
            }
        }
        stack.pop();
        state.insert(m, 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in imports.keys() {
        if logic.is_front(m) {
            continue;
        }
        let mut stack = Vec::new();
        if let Some(cycle) = visit(m, &imports, &logic, &mut state, &mut stack) {
            panic!("a circle of imports: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn no_source_file_is_over_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut long = Vec::new();
    for krate in std::fs::read_dir(&root).unwrap() {
        let src = krate.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        for file in rust_files(&src) {
            let lines = std::fs::read_to_string(&file).unwrap().lines().count();
            if lines > MAX_LINES {
                long.push(format!("{} ({lines} lines)", file.display()));
            }
        }
    }
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:#?}");
}

#[test]
fn the_checker_sees_imports_written_every_way() {
    let code = "use crate::logic::step::{Step, Technique};\n\
                use super::board::{self, Marks};\n\
                fn f() { crate::logic::bits::bits(3); memo::trim(); }\n\
                mod memo;\n";
    let paths = named_paths("chains::dynamic", true, code);
    for p in [
        "step::Step",
        "step::Technique",
        "chains::board",
        "chains::board::Marks",
        "bits::bits",
        "chains::dynamic::memo::trim",
    ] {
        assert!(paths.contains(p), "{p} not in {paths:?}");
    }
    assert!(named_paths(
        "chains::forcing::graph",
        false,
        "pub(in crate::logic::chains) fn f();"
    )
    .is_empty());
    assert_eq!(
        test_children("chains::forcing", "mod rank;\n#[cfg(test)]\nmod tests;\n"),
        ["chains::forcing::tests"]
    );
    let tested = code_of(
        "fn a() {}\n#[cfg(test)]\nmod tests {\n    use crate::logic::solver;\n}\nfn b() {}\n",
    );
    assert!(
        !tested.contains("solver") && tested.contains("fn b"),
        "{tested}"
    );
}
