package crush

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/keydoctor/keydoctor/writers"
)

// VerifyRead is verify's Reader: Crush's resolved triple, the provider its
// large model is on, and that provider type's wire rule.
func (impl) VerifyRead(s *discover.Snapshot, t tool.Tool) (verify.Configured, error) {
	c, err := verify.FromOwn(s, t)
	if err != nil {
		return c, err
	}
	sel, p := StateOf(s).Effective(Large)
	c.Provider = sel.Provider.Value
	if rule, ok := WireOf(p.Type.Value); ok && rule != Tool.Tool {
		c.Rule = &rule
	}
	rc := filepath.Join(GlobalDir(s.Env), "crushrc")
	if slices.Contains(StateOf(s).Scripts, rc) {
		c.Notes = append(c.Notes, fmt.Sprintf("%s is a script keydoctor does not run: the turn runs without it (it moves with %s), and what it sets is not judged", s.Env.Tilde(rc), GlobalVar))
	}
	return c, nil
}

// VerifyRedirect is verify's Redirector: the turn reads copies of the
// global crush.json and of the data file (CRUSH_GLOBAL_CONFIG,
// CRUSH_GLOBAL_DATA) in which only the provider's base_url is the relay,
// so the key, the model and its declaration stay the user's, and what
// Crush writes into its data file during the turn lands in the copy.
func (impl) VerifyRedirect(r *verify.Redirect) error {
	c, e := r.Configured, r.Env
	if c.Provider == "" {
		return fmt.Errorf("%s names no provider to redirect", c.Tool)
	}
	global := filepath.Join(r.Tmp, "crush-config")
	if err := redirectCopy(Global(e), filepath.Join(global, "crush.json"), c.Provider, r.RelayBase, true); err != nil {
		return err
	}
	data := filepath.Join(r.Tmp, "crush-data")
	if err := redirectCopy(Data(e), filepath.Join(data, "crush.json"), c.Provider, r.RelayBase, false); err != nil {
		return err
	}
	r.Inv.Env = append(r.Inv.Env, GlobalVar+"="+global, DataVar+"="+data)
	return nil
}

// redirectCopy writes src (or an empty object when it is missing) to dst
// with providers.ID.base_url set to base: always when force, else only
// when src sets it (a data file's base_url beats the global one's).
func redirectCopy(src, dst, id, base string, force bool) error {
	b, err := safefile.ReadFile(src)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if len(b) == 0 {
		b = []byte("{}")
	}
	doc, err := writers.ParseJSON(src, b, false)
	if err != nil {
		return err
	}
	path := []string{ProvidersKey, id, BaseURL}
	if force || doc.Lookup(path...) != nil {
		if _, err := doc.Set(path, base); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		return err
	}
	return os.WriteFile(dst, doc.Bytes(), 0o600)
}
