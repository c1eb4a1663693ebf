package pi

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// apiOption is setup's --pi-api: the API the provider speaks, which also
// decides its base URL's /v1. Unset, setup keeps the provider's api (so a
// fix re-planning the triple keeps it), else openai-completions.
var apiOption = tool.Option{Name: "pi-api", Title: "Pi api",
	Usage: "the API Pi's provider speaks: openai-completions, openai-responses or anthropic-messages (default: the provider's, else openai-completions)",
	Check: func(v string, _ gateway.Profile) error {
		if v == "" || slices.Contains(APIs, v) {
			return nil
		}
		return &gateway.UsageError{Msg: fmt.Sprintf("unknown Pi api %q", v), Hint: "use --pi-api openai-completions, openai-responses or anthropic-messages"}
	}}

// authOption is setup's --pi-auth: the key itself in models.json (file)
// or the name of the variable holding it (env), which pi reads at each
// request. Unset, setup keeps a variable name that holds the profile's
// key, else writes the key.
var authOption = tool.Option{Name: "pi-auth", Title: "Pi auth",
	Usage: "how Pi's models.json holds the key: file (the key) or env (apiKey names the preset's variable, or --key-env's)",
	Check: func(v string, _ gateway.Profile) error {
		if v == "" || v == "file" || v == "env" {
			return nil
		}
		return &gateway.UsageError{Msg: fmt.Sprintf("unknown Pi auth %q", v), Hint: "use --pi-auth file or --pi-auth env"}
	}}

// providerKept is the tool option (no flag: use sets it) naming the
// provider settings.json selects, which PlanFiles then writes.
const providerKept = "pi-provider"

// PlanFiles writes our provider into models.json (baseUrl, api, apiKey,
// the model declared under models) and selects it in settings.json; a
// key auth.json holds for the provider, which would beat apiKey, is
// removed.
func (impl) PlanFiles(o writers.Options, _ tool.Tool) ([]*writers.Change, error) {
	id := o.Option(providerKept)
	if id == "" {
		id = providerID(o.Profile)
	}
	models, err := planModels(o, id)
	if err != nil {
		return nil, err
	}
	settings, err := planSettings(o, id)
	if err != nil {
		return nil, err
	}
	out := []*writers.Change{models, settings}
	auth, err := planAuth(o, id)
	if err != nil || auth == nil {
		return out, err
	}
	return append(out, auth), nil
}

// providerID is the provider id setup writes: the preset's name, never
// one of pi's built-in providers (whose own key variable would win).
func providerID(p gateway.Profile) string {
	id := p.Name()
	if id == "" {
		id = "keydoctor"
	}
	if slices.Contains(BuiltIn, id) {
		id += "-gateway"
	}
	return id
}

func parse(path string, jsonc bool) (*writers.Change, *writers.JSONDoc, error) {
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	src := c.Old
	if !c.Existed || len(src) == 0 {
		src = []byte("{}\n")
	}
	doc, err := writers.ParseJSON(path, src, jsonc)
	return c, doc, err
}

func planModels(o writers.Options, id string) (*writers.Change, error) {
	path := ModelsFile(o.Env)
	c, doc, err := parse(path, true)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(c.Old)) > 0 {
		if err := PiParses(c.Old); err != nil {
			return nil, writers.Refuse(path, "remove its /* */ comments (pi reads // comments only), then run setup again", "pi cannot parse it: %v", err)
		}
	}
	p := o.Profile
	prov := []string{Providers, id}
	at := func(k ...string) []string { return append(slices.Clone(prov), k...) }
	api := o.Option(apiOption.Name)
	if api == "" {
		if old, _ := doc.Str(at(API)...); slices.Contains(APIs, old) {
			api = old
		} else {
			api = APICompletions
		}
	}
	base := Rule(api).BaseFor(p)
	oldKey, _ := doc.Str(at(APIKey)...)
	if FormOf(o.Env, oldKey) == KeyLiteral {
		c.AddSecrets(oldKey)
	}
	key, secret := p.Key, true
	switch o.Option(authOption.Name) {
	case "env":
		key, secret = envName(o), false
		if got, _ := o.Env.Lookup(key); got != p.Key {
			c.Notef("apiKey names %s; export it (with this key) in the shell that runs pi: pi sends the name itself while it is unset", key)
		}
	case "":
		if FormOf(o.Env, oldKey) == KeyVar && o.Env.Getenv(oldKey) == p.Key {
			key, secret = oldKey, false
		}
	}
	for _, s := range []struct {
		path  []string
		value string
	}{{at(BaseURL), base}, {at(API), api}, {at(APIKey), key}} {
		if _, err := doc.Set(s.path, s.value); err != nil {
			return nil, err
		}
	}
	if err := declareModel(path, doc, at(Models), p.Model, base, api); err != nil {
		return nil, err
	}
	c.New = doc.Bytes()
	c.Finish(secret, 0o644)
	return c, nil
}

// envName is the variable apiKey names: --key-env's (or the team file's
// key_env), else the preset's.
func envName(o writers.Options) string {
	if o.KeyEnv != "" {
		return o.KeyEnv
	}
	return o.Profile.VarKey
}

// declareModel adds {"id": model} to the provider's models unless it is
// there; a declared model's own baseUrl and api (which beat the
// provider's) are set too when it has them.
func declareModel(path string, doc *writers.JSONDoc, models []string, model, base, api string) error {
	for i := 0; ; i++ {
		el := append(slices.Clone(models), strconv.Itoa(i))
		if doc.Lookup(el...) == nil {
			break
		}
		if id, _ := doc.Str(append(el, ModelID)...); id != model {
			continue
		}
		for _, kv := range [][2]string{{BaseURL, base}, {API, api}} {
			if doc.Lookup(append(el, kv[0])...) != nil {
				if _, err := doc.Set(append(slices.Clone(el), kv[0]), kv[1]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	entry := writers.OrderedObject([][2]string{{ModelID, model}})
	if ok, err := doc.AppendTo(models, entry); ok || err != nil {
		return err
	}
	if doc.Lookup(models...) != nil {
		return writers.Refuse(path, "make it an array of models (or remove it), then run setup again", "%q is not an array", strings.Join(models, "."))
	}
	_, err := doc.Set(models, []any{entry})
	return err
}

func planSettings(o writers.Options, id string) (*writers.Change, error) {
	c, doc, err := parse(SettingsFile(o.Env), false)
	if err != nil {
		return nil, err
	}
	for _, kv := range [][2]string{{DefaultProvider, id}, {DefaultModel, o.Profile.Model}} {
		if _, err := doc.Set(kv[:1], kv[1]); err != nil {
			return nil, err
		}
	}
	c.New = doc.Bytes()
	c.Finish(false, 0o644)
	return c, nil
}

// planAuth removes an API key auth.json holds for the provider (nil when
// it holds none): pi sends it instead of models.json's apiKey.
func planAuth(o writers.Options, id string) (*writers.Change, error) {
	path := AuthFile(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil || !c.Existed || len(bytes.TrimSpace(c.Old)) == 0 {
		return nil, err
	}
	doc, err := writers.ParseJSON(path, c.Old, false)
	if err != nil {
		return nil, err
	}
	if typ, _ := doc.Str(id, AuthType); typ != AuthAPIKey {
		return nil, nil
	}
	if old, ok := doc.Str(id, AuthKey); ok {
		c.AddSecrets(old)
	}
	doc.Remove(id)
	c.Notef("removed %s from auth.json: it beats models.json's apiKey", id)
	c.New = doc.Bytes()
	c.Finish(true, 0o600)
	return c, nil
}

// PlanKeptForms keeps, on use, the provider settings.json selects (switch
// it, not add one beside it) and the variable-name form of its key (when
// the profile's key is in a variable for it to name).
func (impl) PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	provider, _, _, ok := StateOf(snap).Effective()
	if !ok {
		return nil
	}
	out := map[string]string{providerKept: provider.Value}
	if t.KeyVar.Set() && keyInVar {
		out[authOption.Name] = "env"
	}
	return out
}
