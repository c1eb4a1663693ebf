package gateway

import (
	"fmt"
	"net/url"
	"path"
	"sort"
	"strings"
)

// Family is an API family: the protocols one gateway root serves. A
// vendor may serve each family under its own root (DeepSeek: the
// Anthropic API at https://api.deepseek.com/anthropic, the OpenAI one at
// https://api.deepseek.com), so a profile holds a root per family.
type Family string

const (
	FamilyAnthropic Family = "anthropic" // Messages
	FamilyOpenAI    Family = "openai"    // Chat and Responses
	FamilyGemini    Family = "gemini"    // the Gemini API
)

// Families lists every family, in display order.
var Families = []Family{FamilyAnthropic, FamilyOpenAI, FamilyGemini}

// Family is the API family the protocol belongs to.
func (p Protocol) Family() Family {
	switch p {
	case Messages:
		return FamilyAnthropic
	case Gemini:
		return FamilyGemini
	}
	return FamilyOpenAI
}

// Title names the family in messages ("Anthropic").
func (f Family) Title() string {
	switch f {
	case FamilyAnthropic:
		return "Anthropic"
	case FamilyGemini:
		return "Gemini"
	}
	return "OpenAI"
}

// ParseFamily accepts a family's name (roots: keys in YAML).
func ParseFamily(s string) (Family, error) {
	for _, f := range Families {
		if strings.EqualFold(strings.TrimSpace(s), string(f)) {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown API family %q (want anthropic, openai or gemini)", s)
}

// RootFor is the gateway root of the API family the tool speaks: the
// profile's root for that family when it has one, else BaseURL. Every
// planner asks this (through Tool.BaseFor), never BaseURL itself.
func (p Profile) RootFor(t Tool) string { return p.RootOf(t.Protocol.Family()) }

// RootOf is the gateway root of family f: Roots[f], else BaseURL.
func (p Profile) RootOf(f Family) string {
	if r := p.Roots[f]; r != "" {
		return r
	}
	return p.BaseURL
}

// HasRoots says the profile serves some family under its own root.
func (p Profile) HasRoots() bool {
	for _, r := range p.Roots {
		if r != "" && r != p.BaseURL {
			return true
		}
	}
	return false
}

// BaseFor is the base URL to give the tool for profile p: the root of
// the family it speaks, with /v1 per the tool's rule (Base). Planners
// call this instead of t.Base(p.BaseURL).
func (t Tool) BaseFor(p Profile) string { return t.Base(p.RootFor(t)) }

// NormalizeRoots normalises each root as a base URL (Normalize) and
// drops empty ones; the error names the family.
func NormalizeRoots(raw map[string]string) (map[Family]string, []Note, error) {
	if len(raw) == 0 {
		return nil, nil, nil
	}
	out := map[Family]string{}
	var notes []Note
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := raw[k]
		if strings.TrimSpace(v) == "" {
			continue
		}
		f, err := ParseFamily(k)
		if err != nil {
			return nil, nil, err
		}
		n, err := Normalize(v)
		if err != nil {
			return nil, nil, fmt.Errorf("%s root: %w", f, err)
		}
		out[f], notes = n.Root, append(notes, n.Notes...)
	}
	if len(out) == 0 {
		return nil, notes, nil
	}
	return out, notes, nil
}

// RootStrings is roots keyed by family name, for YAML and JSON.
func RootStrings(roots map[Family]string) map[string]string {
	if len(roots) == 0 {
		return nil
	}
	out := make(map[string]string, len(roots))
	for f, r := range roots {
		if r != "" {
			out[string(f)] = r
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// IsAnthropicRoot says the root is a vendor's Anthropic API root by its
// shape: its last path segment is "anthropic" (DeepSeek, Kimi, MiniMax,
// GLM's …/api/anthropic, DashScope's …/apps/anthropic). Such vendors do
// not serve OpenAI's API below it (docs/tools.md, "Vendor presets").
func IsAnthropicRoot(root string) bool {
	u, err := url.Parse(root)
	return err == nil && u.Host != "" && strings.EqualFold(path.Base(u.Path), "anthropic")
}
