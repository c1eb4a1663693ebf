package openclaw

import (
	"errors"
	"slices"
	"strconv"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/format/json5pos"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// apiOption is setup's --openclaw-api: which API the provider speaks.
var apiOption = tool.Option{Name: "openclaw-api", Title: "OpenClaw api", Values: APIs,
	Usage: "the API of OpenClaw's provider: openai-completions (base …/v1), anthropic-messages (base without /v1) or openai-responses (base …/v1)"}

// authOption is setup's --openclaw-auth: how the config holds the key.
var authOption = tool.Option{Name: "openclaw-auth", Title: "OpenClaw auth", Values: []string{"file", "env"},
	Usage: `where OpenClaw finds the key: file (apiKey in openclaw.json) or env ("${VAR}" naming the key's variable)`}

// providerKept is the tool option (no flag: use sets it) naming the
// provider the primary model is on, which PlanFiles then writes.
const providerKept = "openclaw-provider"

// refuseHint is what a user does with a config setup will not edit.
const refuseHint = "fix the file by hand (or restore it with 'keydoctor restore'), then run setup again"

// PlanFiles writes our provider into OpenClaw's config (baseUrl per its
// api's /v1 rule, api, apiKey or "${VAR}", the model declared with a name)
// and points agents.defaults.model.primary at it. Every other byte of a
// JSON5 file is kept; one that does not parse is refused with its line and
// column.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	path := Config(o.Env)
	c, err := writers.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := json5pos.ParseDoc(c.Old)
	if err != nil {
		return nil, refused(path, err)
	}
	id := o.Option(providerKept)
	if id == "" {
		id = providerID(o.Profile)
	}
	p := o.Profile
	api := o.Option(apiOption.Name)
	prov := []string{ModelsKey, ProvidersKey, id}
	at := func(k ...string) []string { return append(slices.Clone(prov), k...) }
	if old, ok := doc.Lookup(at(APIKey)...).Text(); ok {
		c.AddSecrets(old)
	}
	key, secret := p.Key, true
	if o.Option(authOption.Name) == "env" {
		key, secret = "${"+keyVar(o)+"}", false
	}
	rule := Wire(api, "")
	sets := []struct {
		path  []string
		value any
	}{
		{at(BaseURL), rule.BaseFor(p)},
		{at(APIKey), key},
		{at(API), api},
	}
	primary := []string{AgentsKey, DefaultsKey, ModelKey, PrimaryKey}
	if m := doc.Lookup(primary[:3]...); m != nil && m.Kind == json5pos.String {
		primary = primary[:3] // "model": "ID/MODEL", the short form: kept
	}
	sets = append(sets, struct {
		path  []string
		value any
	}{primary, id + "/" + p.Model})
	for _, s := range sets {
		if _, err := doc.Set(s.path, s.value); err != nil {
			return nil, refused(path, err)
		}
	}
	if err := declareModel(doc, at(ModelsKey), p.Model); err != nil {
		return nil, refused(path, err)
	}
	c.New = doc.Bytes()
	c.Finish(secret, 0o600)
	return []*writers.Change{c}, nil
}

// declareModel adds {id, name} to the provider's models when the model is
// not there, and the name an entry of it lacks (OpenClaw refuses the
// config without it); an existing entry's other fields are the user's.
func declareModel(doc *json5pos.Doc, models []string, model string) error {
	list := doc.Lookup(models...)
	entry := json5pos.Obj{{Key: ModelID, Value: model}, {Key: ModelName, Value: model}}
	if list == nil {
		_, err := doc.Set(models, []any{entry})
		return err
	}
	if list.Kind != json5pos.Array {
		return doc.Append(models, entry) // refused: not an array
	}
	for i, el := range list.Elems {
		if id, _ := el.Get(ModelID).Text(); id == model && el.Kind == json5pos.Object {
			if el.Get(ModelName) == nil {
				_, err := doc.Set(append(slices.Clone(models), strconv.Itoa(i), ModelName), model)
				return err
			}
			return nil
		}
	}
	return doc.Append(models, entry)
}

// refused is a parse or path error as setup's refusal, line and column named.
func refused(path string, err error) error {
	var je *jsonpos.Error
	if errors.As(err, &je) {
		return &writers.RefusedError{Path: path, Line: je.Line, Col: je.Col, Reason: je.Msg, Hint: refuseHint}
	}
	var pe *json5pos.PathError
	if errors.As(err, &pe) {
		return &writers.RefusedError{Path: path, Line: pe.Line, Col: pe.Col, Reason: pe.Reason(),
			Hint: "make it " + pe.Want + " (or remove it), then run setup again"}
	}
	return writers.Refuse(path, refuseHint, "%v", err)
}

// providerID is the provider id setup writes: the preset's name.
func providerID(p gateway.Profile) string {
	if n := p.Name(); n != "" {
		return n
	}
	return "keydoctor"
}

// keyVar is the variable "${VAR}" names: the one the caller chose
// (--key-env, a team file's key_env), else the profile's.
func keyVar(o writers.Options) string {
	if o.KeyEnv != "" {
		return o.KeyEnv
	}
	if o.Profile.KeyVar != "" {
		return o.Profile.KeyVar
	}
	return o.Profile.VarKey
}

// PlanKeptForms keeps, on use, the provider the primary model is on (switch
// it, not add one beside it), its api, and the "${VAR}" form (when the
// profile's key is in a variable for it to name).
func (impl) PlanKeptForms(snap *discover.Snapshot, t discover.Tool, keyInVar bool) map[string]string {
	out := map[string]string{}
	id, _, p := StateOf(snap).Effective()
	if p == nil {
		return out
	}
	out[providerKept] = id
	if slices.Contains(APIs, p.APIOf()) {
		out[apiOption.Name] = p.APIOf()
	}
	if t.KeyVar.Set() && keyInVar {
		out[authOption.Name] = "env"
	}
	return out
}

// PlanEdit is doctor --fix's edit of OpenClaw's model-name trap: every
// model entry without a name, in any provider, gets its id as its name
// (OpenClaw's display name; the entry is otherwise left as it is).
func (impl) PlanEdit(o writers.Options, e writers.Edit, p *writers.Plan) (bool, error) {
	if e.Kind != writers.EditStampProviders {
		return false, nil
	}
	path := Config(o.Env)
	c, err := p.ChangeFor(e.Tool, path)
	if err != nil || !c.Existed {
		return true, err
	}
	doc, err := json5pos.ParseDoc(c.New)
	if err != nil {
		return true, refused(path, err)
	}
	provs := doc.Lookup(ModelsKey, ProvidersKey)
	if provs == nil || provs.Kind != json5pos.Object {
		return true, nil
	}
	type unnamed struct {
		path []string
		id   string
	}
	var todo []unnamed
	for _, m := range provs.Members {
		list := m.Value.Get(ModelsKey)
		if list == nil || list.Kind != json5pos.Array {
			continue
		}
		for i, el := range list.Elems {
			if id, ok := el.Get(ModelID).Text(); ok && id != "" && el.Kind == json5pos.Object && el.Get(ModelName) == nil {
				todo = append(todo, unnamed{[]string{ModelsKey, ProvidersKey, m.Key, ModelsKey, strconv.Itoa(i), ModelName}, id})
			}
		}
	}
	for _, u := range todo { // each edit parses again: paths, not nodes
		if _, err := doc.Set(u.path, u.id); err != nil {
			return true, refused(path, err)
		}
	}
	c.New = doc.Bytes()
	return true, nil
}
