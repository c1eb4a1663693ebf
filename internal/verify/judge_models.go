package verify

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/relay"
)

// models: the main model asked for is the configured one; any other is a
// background model the tool's description allows, or a mismatch.
func (j *judgement) models() {
	c, title := j.c, j.tool.Title
	asked := distinct(j.reqs, func(r relay.Record) string { return r.Model })
	var others []string
	if c.Model != "" {
		found := false
		for _, m := range asked {
			if relay.SameModel(c.Model, m) {
				found = true
			} else {
				others = append(others, m)
			}
		}
		if found {
			j.add("main model", OK, "", "%s, as %s says", c.Model, c.ModelSource)
		} else {
			j.add("main model", Error, catalog.ModelMismatch, "%s never asked for %s (%s); it asked for %s", title, c.Model, c.ModelSource, strings.Join(asked, ", "))
		}
	} else {
		// The turn's answer comes last; earlier calls are background ones.
		main := j.reqs[len(j.reqs)-1].Model
		j.add("main model", Info, "", "no file names a model: %s asked for %s, its default", title, main)
		for _, m := range asked {
			if m != main {
				others = append(others, m)
			}
		}
	}
	for _, m := range others {
		j.other(m)
	}
	j.backgroundUnused(asked)
}

// other judges a model asked for besides the main one.
func (j *judgement) other(m string) {
	c, bg := j.c, j.tool.BackgroundModel
	switch {
	case bg == "":
		j.add("other model", Error, catalog.ModelMismatch, "%s also asked for %s, which its files do not name", j.tool.Title, m)
	case c.BackgroundModel != "" && relay.SameModel(c.BackgroundModel, m):
		j.add("background model", OK, "", "%s, as %s says", m, c.BackgroundModelSource)
	case c.BackgroundModel != "":
		j.add("background model", Error, catalog.ModelMismatch, "background calls asked for %s; %s says %s", m, c.BackgroundModelSource, c.BackgroundModel)
	default:
		j.add("background model", Warning, catalog.ModelMismatch, "background calls asked for %s, %s's default, which no file names: set %s to a model the gateway serves", m, j.tool.Title, bg)
	}
}

// backgroundUnused notes a configured background model the turn did not
// exercise.
func (j *judgement) backgroundUnused(asked []string) {
	c := j.c
	if j.tool.BackgroundModel == "" || c.BackgroundModel == "" {
		return
	}
	for _, m := range asked {
		if relay.SameModel(c.BackgroundModel, m) {
			return
		}
	}
	j.add("background model", Info, "", "%s made no background call in this turn: %s (%s) was not exercised", j.tool.Title, c.BackgroundModel, c.BackgroundModelSource)
}

// served: every answer names the model asked for.
func (j *judgement) served(failed int) {
	mismatched := false
	for _, r := range j.reqs {
		if r.ServedModel != "" && r.Model != "" && !relay.SameModel(r.Model, r.ServedModel) {
			mismatched = true
			j.add("served model", Error, catalog.ModelMismatch, "asked for %s, the answer names %s", r.Model, r.ServedModel)
		}
	}
	if !mismatched && failed < len(j.reqs) {
		j.add("served model", OK, "", "every answer names the model asked for")
	}
}
