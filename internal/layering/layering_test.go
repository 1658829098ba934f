package layering

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/anonet-project/anonet/"

// rule is a row of the table of packages: the anonet packages a package
// may import; all means any.
type rule struct {
	allowed []string
	all     bool
}

// readRules parses the table of packages in docs/design.md. An imports
// cell names packages in backquotes; "the above" allows every package of
// the rows before it, "all" any package, "–" none.
func readRules(t *testing.T, path string) (map[string]rule, []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	quoted := regexp.MustCompile("`([^`]+)`")
	rules := map[string]rule{}
	var order []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	in := false
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "| package | holds | imports |") {
			in = true
			continue
		}
		if !in {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 3 || strings.HasPrefix(strings.TrimSpace(cells[0]), "---") {
			continue
		}
		imports := cells[len(cells)-1]
		var r rule
		switch {
		case strings.TrimSpace(imports) == "all":
			r.all = true
		case strings.Contains(imports, "the above"):
			r.allowed = slices.Clone(order)
		}
		for _, m := range quoted.FindAllStringSubmatch(imports, -1) {
			r.allowed = append(r.allowed, m[1])
		}
		// A row may name several packages ("a, b (own module)").
		for _, m := range quoted.FindAllStringSubmatch(cells[0], -1) {
			rules[m[1]] = r
			order = append(order, m[1])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rules) == 0 {
		t.Fatalf("%s: no table of packages", path)
	}
	return rules, order
}

// TestImportsFollowTheTable checks every package of the module (its
// non-test files) against the table of docs/design.md.
func TestImportsFollowTheTable(t *testing.T) {
	root := filepath.Join("..", "..")
	rules, _ := readRules(t, filepath.Join(root, "docs", "design.md"))
	imports := map[string]map[string]bool{} // package → anonet packages it imports
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // a module of its own (distributed)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" && pkg == "." {
			return nil
		}
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			if strings.HasPrefix(p, module) {
				imports[pkg][strings.TrimPrefix(p, module)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 10 {
		t.Fatalf("found only %d packages under %s", len(imports), root)
	}
	for pkg, imps := range imports {
		r, ok := rules[pkg]
		if !ok {
			t.Errorf("package %s has no row in docs/design.md's table of packages", pkg)
			continue
		}
		if r.all {
			continue
		}
		for imp := range imps {
			if !slices.Contains(r.allowed, imp) {
				t.Errorf("%s imports %s, which docs/design.md's table does not allow it (allowed: %v)", pkg, imp, r.allowed)
			}
		}
	}
}
