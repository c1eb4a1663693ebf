package crush

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// typeOption is setup's --crush-type: which API the provider speaks, and
// so its /v1 rule.
// Unset, the provider keeps the type it has (a rerun does not undo an
// earlier choice), else openai-compat.
var typeOption = tool.Option{Name: "crush-type", Title: "Crush provider type",
	Usage: "the API Crush speaks to the gateway: openai-compat (chat completions), anthropic (messages, base URL without /v1) or openai (Responses) (default: the provider's, else openai-compat)",
	Check: func(v string, _ gateway.Profile) error {
		if _, ok := Wires[v]; v == "" || ok {
			return nil
		}
		return &gateway.UsageError{Msg: fmt.Sprintf("unknown Crush provider type %q", v), Hint: "use --crush-type openai-compat, anthropic or openai"}
	}}

// authOption is setup's --crush-auth: the key in the file, or "$VAR"
// naming the preset's variable (Crush expands it when it loads).
var authOption = tool.Option{Name: "crush-auth", Title: "Crush auth", Values: []string{"file", "env"},
	Usage: "where Crush finds the key: file (api_key in crush.json) or env (api_key \"$VAR\" naming the preset's variable)"}

// providerKept is the tool option (no flag: use sets it) naming the
// provider id Crush's large model is on, which PlanFiles then writes.
const providerKept = "crush-provider"

// PlanFiles writes our provider into Crush's global crush.json (its type,
// base_url with the type's /v1 rule, api_key, the model declared under
// models, since Crush silently replaces an undeclared one) and selects it
// as models.large and models.small, there and where Crush's data file
// already selects a model. Every other byte is kept.
func (impl) PlanFiles(o writers.Options, _ tool.Tool) ([]*writers.Change, error) {
	path := Global(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte("{\n  \"$schema\": \"" + Schema + "\"\n}\n")
	}
	doc, err := writers.ParseJSON(path, src, false)
	if err != nil {
		return nil, err
	}
	p := o.Profile
	id := o.Option(providerKept)
	if id == "" {
		id = providerID(p)
	}
	typ := o.Option(typeOption.Name)
	if had, _ := doc.Str(ProvidersKey, id, Type); typ == "" && Wires[had].Protocol != "" {
		typ = had
	}
	if typ == "" {
		typ = TypeCompat
	}
	rule, _ := WireOf(typ)
	prov := []string{ProvidersKey, id}
	if old, ok := doc.Str(append(prov, APIKey)...); ok {
		c.AddSecrets(old)
	}
	key, secret := p.Key, true
	if o.Option(authOption.Name) == "env" {
		key, secret = "$"+p.KeyVar, false
	}
	sets := []struct {
		path  []string
		value any
	}{
		{append(prov, Type), typ},
		{append(prov, BaseURL), rule.BaseFor(p)},
		{append(prov, APIKey), key},
		{[]string{Models, Large, SelProvider}, id},
		{[]string{Models, Large, SelModel}, p.Model},
		{[]string{Models, Small, SelProvider}, id},
		{[]string{Models, Small, SelModel}, p.Model},
	}
	for _, s := range sets {
		if _, err := doc.Set(s.path, s.value); err != nil {
			return nil, err
		}
	}
	if err := declare(doc, path, prov, p.Model); err != nil {
		return nil, err
	}
	c.New = doc.Bytes()
	// The file is private whichever form the key takes: it may hold
	// other providers' keys.
	c.Finish(secret, 0o600)
	out := []*writers.Change{c}
	data, err := planData(o, id)
	if data != nil {
		out = append(out, data)
	}
	return out, err
}

// planData updates the selections Crush's data file already holds (the
// model picked in its interface, or a fallback Crush wrote there itself):
// they beat crush.json, so left alone they would keep Crush off the
// gateway. A data file without a selection is not touched.
func planData(o writers.Options, id string) (*writers.Change, error) {
	path := Data(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil || !c.Existed || len(c.Old) == 0 {
		return nil, err
	}
	doc, err := writers.ParseJSON(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	for _, which := range []string{Large, Small} {
		if doc.Lookup(Models, which) == nil {
			continue
		}
		for _, kv := range [][2]string{{SelProvider, id}, {SelModel, o.Profile.Model}} {
			if _, err := doc.Set([]string{Models, which, kv[0]}, kv[1]); err != nil {
				return nil, err
			}
		}
	}
	c.New = doc.Bytes()
	c.Finish(false, 0o600)
	return c, nil
}

// declare adds the model to the provider's models list unless an entry
// has its id (which may carry the user's context window and limits).
func declare(doc *writers.JSONDoc, path string, prov []string, model string) error {
	entry := map[string]any{ModelID: model, ModelName: model}
	list := append(prov, Models)
	if doc.Lookup(list...) == nil {
		_, err := doc.Set(list, []any{entry})
		return err
	}
	for i := 0; ; i++ {
		idx := strconv.Itoa(i)
		if doc.Lookup(append(list, idx)...) == nil {
			break
		}
		if got, _ := doc.Str(append(list, idx, ModelID)...); got == model {
			return nil
		}
	}
	if ok, err := doc.AppendTo(list, entry); err != nil || ok {
		return err
	}
	return writers.Refuse(path, "make it a list of models (or remove it), then run setup again", "%q is not a list", strings.Join(list, "."))
}

// providerID is the provider id setup writes: the preset's name.
func providerID(p gateway.Profile) string {
	if n := p.Name(); n != "" {
		return n
	}
	return "keydoctor"
}

// PlanKeptForms keeps, on use, the provider the large model is on and its
// type (switch it, not add one beside it), and the "$VAR" form when the
// profile's key is in a variable for it to name.
func (impl) PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	out := map[string]string{}
	sel, p := StateOf(snap).Effective(Large)
	if sel.Provider.Set() {
		out[providerKept] = sel.Provider.Value
		if _, ok := Wires[p.Type.Value]; ok {
			out[typeOption.Name] = p.Type.Value
		}
	}
	if t.KeyVar.Set() && keyInVar {
		out[authOption.Name] = "env"
	}
	return out
}
