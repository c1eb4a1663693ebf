package wire

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/router"
)

// codeOf is the catalog code of a result: the probe's classification,
// or the catalog classifier's reading of the status and body when the
// client left it empty (a scripted client in tests).
func codeOf(r *probe.Result) catalog.Code {
	if r == nil {
		return catalog.HTTPError
	}
	code := r.Code
	switch {
	case code != "":
	case r.StatusCode/100 == 2:
		return ""
	case r.StatusCode == 0:
		return catalog.ConnectRefused
	default:
		code = catalog.Classify(catalog.Answer{Status: r.StatusCode, Header: r.Header, Body: r.Body}).Code
	}
	if code == catalog.HTTPError && r.StatusCode == 0 { // canceled: the deadline of the whole check
		return catalog.TimeoutHeaders
	}
	return code
}

// breaks reports whether code breaks rung r (see catalog.Rung).
func breaks(code catalog.Code, r catalog.Rung) bool {
	return code != "" && catalog.Of(code).Rung == r
}

// climber is the state of one climb: what has been proven so far.
type climber struct {
	*wire
	out     []wireFinding
	reached bool // an HTTP answer came
	authed  bool // a 2xx came: the key is accepted
	models  []string
	listed  bool           // the model list was read
	router  *router.Router // the local router the route goes through, if one
}

// climb walks the ladder and returns its findings in ladder order. It
// stops at the first broken rung; the rungs above it are skipped.
func (w *wire) climb(ctx context.Context) []wireFinding {
	c := &climber{wire: w}
	if f := w.precondition(); f != nil {
		return f
	}
	c.identify(ctx)
	if !c.modelList(ctx) {
		return c.out
	}
	if w.route.Model == "" {
		c.add(stepRequest, "", doctor.Skipped, "no model is configured for this tool, so no request was made", nil, nil)
		return c.out
	}
	if !c.chatRequest(ctx) {
		return c.out
	}
	c.streamRequest(ctx)
	c.backgroundModel(ctx) // the main model answered: the background one is worth a look
	return c.out
}

// precondition skips the whole ladder when there is nothing to probe.
func (w *wire) precondition() []wireFinding {
	p := w.route.Path
	skip := func(code catalog.Code, msg string) []wireFinding {
		return []wireFinding{{Finding: doctor.Finding{Check: "wire", Code: code, Status: doctor.Skipped, Message: msg}}}
	}
	if p.Skip != "" {
		return skip("", "not probed: "+p.Skip)
	}
	if p.HelperFailed != "" {
		// what the tool would do: no key, so no request worth making
		f := wireFinding{Finding: doctor.Finding{Check: string(stepAuth), Code: catalog.KeyHelperFailed, Status: doctor.Error,
			Message: "no key: " + p.HelperFailed + ", so no request was made"}, aboutKey: true,
			slots: func(m Path) catalog.Slots {
				s := toolSlots(m, catalog.Slots{})
				s.File = m.KeySource // where the command is set, not the base URL
				return s
			}}
		return append([]wireFinding{f}, skippedAfter(stepAuth, f.Code)...)
	}
	if _, err := gateway.Normalize(p.Base); err != nil {
		return skip(catalog.URLInvalid, "not probed: the base URL is not usable ("+err.Error()+")")
	}
	if p.Key == "" && !p.NoKey {
		return skip(catalog.EnvMissing, "not probed: no API key is configured for this tool")
	}
	return nil
}

// add records a finding; an error or warning gets the catalog's fix for
// its code, with slots (nil: the tool's defaults).
func (c *climber) add(s step, code catalog.Code, st doctor.Status, msg string, ev *doctor.Evidence, slots func(Path) catalog.Slots) {
	c.out = append(c.out, wireFinding{Finding: doctor.Finding{Check: string(s), Code: code, Status: st,
		Message: msg, Evidence: ev}, slots: slots})
}

// drop removes the findings of a rung with a status, for a verdict that
// a later answer overturned.
func (c *climber) drop(s step, st doctor.Status) {
	out := c.out[:0]
	for _, f := range c.out {
		if f.Check != string(s) || f.Status != st {
			out = append(out, f)
		}
	}
	c.out = out
}

// stop records a broken rung and skips the ones above it.
func (c *climber) stop(s step, f wireFinding) bool {
	f.Check = string(s)
	if !c.authed && stepIndex(string(s)) > stepIndex(string(stepAuth)) {
		// the ladder broke above auth without a success that proves the key
		c.add(stepAuth, "", doctor.Skipped, "not proven: no request succeeded before the ladder stopped", nil, nil)
	}
	c.out = append(c.out, f)
	c.out = append(c.out, skippedAfter(s, f.Code)...)
	return false
}

// settle handles what any answer proves or breaks on the lower rungs: a
// network failure breaks reach, 401/403 break auth (the first time), and
// a 2xx proves both. It returns false when the ladder stops.
func (c *climber) settle(req probe.Request, a attempt, at step) bool {
	code := codeOf(a.res)
	if breaks(code, catalog.RungReach) {
		s := at
		if !c.reached {
			s = stepReach
		}
		return c.stop(s, c.failure(code, req, a))
	}
	if !c.reached {
		c.reached = true
		c.add(stepReach, "", doctor.OK, fmt.Sprintf("%s answered %d (%s)", hostOf(a.res.URL), a.res.StatusCode, phaseSummary(a.res.Timings))+c.routerNote(), nil, nil)
	}
	if breaks(code, catalog.RungAuth) {
		s := at
		if !c.authed {
			s = stepAuth
		}
		return c.stop(s, c.failure(code, req, a))
	}
	if !c.authed && a.res.StatusCode/100 == 2 && code == "" { // a web page proves nothing
		c.authed = true
		msg := "the gateway accepts the key " + doctor.ShowKey(c.route.Key) + authVia(c.route.Auth)
		if c.route.Key == "" {
			msg = "the gateway answers without a key, as this provider expects"
		}
		c.add(stepAuth, "", doctor.OK, msg, nil, nil)
	}
	if breaks(code, catalog.RungAny) {
		return c.stop(at, c.failure(code, req, a))
	}
	if len(a.retries) > 0 && code == "" { // it recovered: still say that it had to retry
		c.add(at, retriedCode(a), doctor.Info, "the gateway recovered after retrying"+a.retryNote(), c.evidence(req, a), nil)
	}
	return true
}

func retriedCode(a attempt) catalog.Code {
	if len(a.failed) > 0 {
		return a.failed[0]
	}
	return catalog.ServerError
}

func authVia(a gateway.Auth) string {
	switch a {
	case gateway.AuthXAPIKey:
		return " (x-api-key header)"
	case gateway.AuthGoogKey:
		return " (x-goog-api-key header)"
	}
	return " (Authorization: Bearer)"
}

// modelList reads the model list at the tool's prefix. A gateway without
// one is not broken: the request rung decides.
func (c *climber) modelList(ctx context.Context) bool {
	req := c.modelsRequest()
	root := c.route.modelsRoot()
	a, models := c.lists.get(root+"\x00"+c.route.Key+"\x00"+string(c.route.Auth)+"\x00"+fmt.Sprint(c.route.Header()), func() (attempt, []string) {
		var models []string
		a := c.do(ctx, c.opts.Timeout, func(ctx context.Context) *probe.Result {
			var r *probe.Result
			models, r = c.opts.Client.ListModels(ctx, root, c.route.Key, c.route.Auth, c.route.Header())
			return r
		})
		return a, models
	})
	if !c.settle(req, a, stepModels) {
		return false
	}
	if a.res.StatusCode/100 != 2 || len(models) == 0 {
		why := fmt.Sprintf("status %d", a.res.StatusCode)
		if code := codeOf(a.res); code != "" {
			why += ", " + string(code)
		}
		c.add(stepModels, "", doctor.Info, fmt.Sprintf("no model list at %s (%s); the request decides whether %s is served", a.res.URL, why, modelOr(c.route.Model)), c.evidence(req, a), nil)
		return true
	}
	c.models, c.listed = models, req.URL == c.route.ModelsURL()
	if c.route.Model == "" {
		c.add(stepModels, "", doctor.OK, fmt.Sprintf("the gateway lists %d models", len(models)), nil, nil)
		return true
	}
	if c.modelListed() {
		c.add(stepModels, "", doctor.OK, fmt.Sprintf("%s is among the %d models the gateway lists", c.route.Model, len(models)), nil, nil)
	}
	// not listed: the request rung says whether it is served anyway
	return true
}

func (c *climber) modelListed() bool {
	for _, m := range c.models {
		if m == c.route.Model {
			return true
		}
	}
	return false
}

func modelOr(s string) string {
	if s == "" {
		return "the model"
	}
	return s
}
