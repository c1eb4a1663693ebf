package wire

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// backgroundModel checks a tool's background model (titles, summaries,
// quick tool calls; its description's BackgroundModel), which goes through
// the same gateway: the one its settings name, or the tool's built-in
// default when none does. A model the gateway does not serve breaks those
// calls, and the tool then says "the model may not exist" although the
// main model works. A
// listed model costs nothing to check; an unlisted one costs one small
// request.
func (c *climber) backgroundModel(ctx context.Context) {
	bg := c.route.BackgroundModel
	if bg == "" || gateway.SameModel(c.route.Model, bg) {
		return
	}
	d, _ := tool.Lookup(string(c.route.Tool))
	title := d.Title + "'s background model"
	who := bg + ", " + title + ","
	if c.route.BackgroundDefault {
		who = fmt.Sprintf("%s, %s's default background model (no %s is set),", bg, d.Title, d.BackgroundModel)
	}
	setup := "keydoctor setup --tools " + string(d.ID) + " --background-model "
	if c.listed && slices.Contains(c.models, bg) {
		c.add(stepBackground, "", doctor.OK, who+" is among the models the gateway lists", nil, nil)
		return
	}
	req := c.request(false)
	req.Model = bg
	a := c.do(ctx, c.opts.generation(), func(ctx context.Context) *probe.Result { return c.opts.Client.Do(ctx, req) })
	res := a.res
	code := codeOf(res)
	switch {
	case code == "":
		named := "the answer names no model"
		if res.Model != "" {
			named = "answered as " + res.Model
		}
		c.add(stepBackground, "", doctor.OK, fmt.Sprintf("%s is served (%s)", who, named), nil, nil)
	case code == catalog.ModelNotFound || code == catalog.ModelNoChannel || (c.listed && res.StatusCode/100 == 4 && breaks(code, catalog.RungRequest)):
		msg := who + " is not served by the gateway"
		slots := catalog.Slots{Key: d.BackgroundModel, File: c.route.BackgroundSource, Model: bg,
			Command: setup + "ID"}
		if near := probe.Closest(bg, c.models, 3); len(near) > 0 {
			msg += "; closest it serves: " + strings.Join(near, ", ")
		}
		// The fix names the small model setup would pick.
		if pick := probe.ClosestSmall(bg, c.route.Model, c.models); pick != "" {
			slots.Value, slots.Command = pick, setup+pick
		}
		c.add(stepBackground, catalog.ModelNotFound, doctor.Error, msg, c.evidence(req, a), func(m Path) catalog.Slots {
			slots.Tool = m.tool().Title
			return slots
		})
		// The finding is about where the model is set; --fix sets a served
		// one there, as setup does (the whole triple, re-planned).
		f := &c.out[len(c.out)-1]
		f.Source, f.At = c.route.BackgroundSource, c.route.BackgroundAt
		f.Edit = &writers.Edit{Kind: writers.EditTriple, Tool: c.route.Tool, Path: c.route.BackgroundAt.File, Background: true}
	default:
		f := c.failure(code, req, a)
		f.Check = string(stepBackground)
		f.Status = doctor.Warning // the main model works; this is the side path
		f.Message = bg + " (" + title + "): " + f.Message
		c.out = append(c.out, f)
	}
}
