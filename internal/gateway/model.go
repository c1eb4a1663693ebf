package gateway

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/internal/redact"
)

// ModelMatch is how the model an answer names relates to the one asked for.
type ModelMatch int

const (
	ModelUnnamed ModelMatch = iota // one side names no model: nothing to compare
	ModelSame                      // the same id (case and spaces aside)
	ModelAlias                     // a dated snapshot, -latest tag or provider-prefixed form of the same model
	ModelOther                     // another model: the gateway substituted
)

// CompareModels decides whether served is the model requested. Gateways
// commonly answer with the dated snapshot behind an alias (gpt-4o →
// gpt-4o-2024-08-06, sonnet-4-5 → sonnet-4-5-20250929), with
// a moving tag (gpt-4o-latest) or with the provider prefix dropped or added
// (openai/gpt-4o): those are aliases, and so are two snapshots of one model.
// Anything else (gpt-4o → gpt-4o-mini, opus-4 → opus-4-1)
// is another model.
func CompareModels(requested, served string) ModelMatch {
	r := strings.ToLower(strings.TrimSpace(requested))
	s := strings.ToLower(strings.TrimSpace(served))
	switch {
	case r == "" || s == "":
		return ModelUnnamed
	case r == s:
		return ModelSame
	case canonicalModel(r) == canonicalModel(s):
		return ModelAlias
	}
	return ModelOther
}

// SameModel reports whether served names the model requested: the same id
// or an alias of it. When either side is empty there is nothing that
// matches, so it is false; ask CompareModels(…) == ModelOther to learn
// whether a gateway substituted.
func SameModel(requested, served string) bool {
	m := CompareModels(requested, served)
	return m == ModelSame || m == ModelAlias
}

// snapshotSuffix matches what providers append to pin a snapshot: a date
// (-2024-08-06, -20241022, @20241022), a month and day or a revision
// (-0613, -002; checked by isSnapshotTag), or a moving tag (-latest,
// :latest).
var snapshotSuffix = regexp.MustCompile(`(?:[-@](\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|\d{3})|[-:]latest)$`)

// canonicalModel is m without provider prefix and snapshot suffixes:
// openai/gpt-4o-2024-08-06 → gpt-4o.
func canonicalModel(m string) string {
	if i := strings.LastIndexByte(m, '/'); i >= 0 && i < len(m)-1 {
		m = m[i+1:]
	}
	for {
		loc := snapshotSuffix.FindStringSubmatchIndex(m)
		if loc == nil || loc[0] == 0 {
			return m
		}
		if tag := loc[2]; tag >= 0 && loc[3]-tag == 4 && !isMonthDay(m[tag:loc[3]]) {
			return m // -2024 is a year or a version, not a snapshot
		}
		m = m[:loc[0]]
	}
}

// isMonthDay: a four-digit snapshot tag is a month and day (gpt-4-0613);
// anything else (2024, 4096) names a different thing.
func isMonthDay(s string) bool {
	month := int(s[0]-'0')*10 + int(s[1]-'0')
	day := int(s[2]-'0')*10 + int(s[3]-'0')
	return month >= 1 && month <= 12 && day >= 1 && day <= 31
}

// CheckModel refuses a model id that holds a control character (ESC,
// newline, DEL, C1, a bidi override): a tool's file would carry it and
// every later print of it, and a gateway or a cloned repository may have
// chosen it to act on the user's terminal. field names it ("model",
// "background model"). The error is a usage error (exit status 2).
func CheckModel(field, id string) error {
	if c := redact.ValidText(id); c != "" {
		return &UsageError{
			Msg:  fmt.Sprintf("the %s %s holds a control character (%s): refused, nothing was written", field, id, c),
			Hint: "use the model id as the gateway's model list spells it",
		}
	}
	return nil
}

// CheckModels is CheckModel of the profile's model and background model.
func (p Profile) CheckModels() error {
	if err := CheckModel("model", p.Model); err != nil {
		return err
	}
	return CheckModel("background model", p.BackgroundModel)
}
