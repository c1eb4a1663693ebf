package wire

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// answers reports whether a probe of a candidate URL found the endpoint:
// any JSON answer other than 404/405 means the path exists (a 400 about
// the model or a 401 about the key still proves the path).
func answers(r *probe.Result) bool {
	if r == nil || r.StatusCode == 0 || r.StatusCode == 404 || r.StatusCode == 405 || r.StatusCode >= 500 {
		return false
	}
	if r.StatusCode/100 == 3 || r.Code == catalog.HTTPHTML || strings.Contains(strings.ToLower(r.ContentType), "text/html") {
		return false
	}
	return true
}

// search tries urls at once, one try each, and returns the first in
// order that answers, or "".
func (w *wire) search(ctx context.Context, base probe.Request, urls []string) string {
	found := make([]bool, len(urls))
	var wg sync.WaitGroup
	for i, u := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := base
			req.URL = u
			rctx, cancel := context.WithTimeout(ctx, w.opts.Timeout)
			defer cancel()
			r := w.opts.Client.Do(rctx, req)
			w.opts.Meter.Add(r)
			found[i] = answers(r)
		}()
	}
	wg.Wait()
	for i, ok := range found {
		if ok {
			return urls[i]
		}
	}
	return ""
}

// pathFailure explains a 404 or a web page at the tool's endpoint: it
// tries the nearby base URLs (with and without /v1, a missing or extra
// prefix) and names the one that answers; when none does but the gateway
// answers another protocol, the gateway lacks this tool's protocol.
func (c *climber) pathFailure(ctx context.Context, req probe.Request, a attempt, code catalog.Code) wireFinding {
	f := c.failure(code, req, a)
	p := c.route.Path
	var urls []string
	for _, b := range AlternativeBases(p.Tool, p.Protocol, p.Base) {
		urls = append(urls, Path{Tool: p.Tool, Protocol: p.Protocol, Base: b}.URL())
	}
	if found := c.search(ctx, req, urls); found != "" {
		what := fmt.Sprintf("%d (no such path)", a.res.StatusCode)
		if code == catalog.HTTPHTML {
			what = "with a web page, not the API"
		}
		f.Message = fmt.Sprintf("%s answers %s; %s does answer", req.URL, what, found)
		f.slots = func(m Path) catalog.Slots { return baseSlots(m, found, toolSlots(m, catalog.Slots{})) }
		return f
	}
	if code == catalog.HTTPHTML {
		f.Message = fmt.Sprintf("%s answers with a web page (%s), not the API; no nearby base URL answers either", req.URL, orUnknown(a.res.ContentType))
		return f
	}
	// The path is missing near here. If the same gateway answers the model
	// list at this prefix, or chat completions at its root, it is there but
	// does not speak this protocol.
	if p.Protocol != gateway.Chat {
		root := rootOf(p.Base)
		speaksChat := c.listed
		if !speaksChat {
			chat := req
			chat.Protocol = gateway.Chat
			speaksChat = c.search(ctx, chat, []string{root + gateway.Chat.Path()}) != ""
		}
		if speaksChat {
			f.Code = catalog.ProtocolUnsupported
			f.Message = fmt.Sprintf("%s answers %d: the gateway at %s answers OpenAI requests but has no %s endpoint", req.URL, a.res.StatusCode, root, p.Protocol.Path())
			f.slots = c.fixSlots(f.Code, a.res, req.URL)
			return f
		}
	}
	f.Message = fmt.Sprintf("%s answers %d (no such path), and none of %d nearby base URLs answers", req.URL, a.res.StatusCode, len(urls))
	return f
}

// modelNotFound names the closest models the gateway serves.
func (c *climber) modelNotFound(req probe.Request, a attempt) wireFinding {
	f := c.failure(catalog.ModelNotFound, req, a)
	model := c.route.Model
	f.Code = catalog.ModelNotFound
	var others []string // a listed model the gateway refuses is no suggestion
	for _, m := range c.models {
		if m != model {
			others = append(others, m)
		}
	}
	listedNote := ""
	if len(others) < len(c.models) {
		listedNote = " (its model list names it, but requests for it fail)"
	}
	near := probe.Closest(model, others, 3)
	f.aboutModel = true
	slots := catalog.Slots{Model: model}
	switch {
	case len(near) > 0:
		f.Message = fmt.Sprintf("the gateway does not serve %s%s; closest it serves: %s", model, listedNote, strings.Join(near, ", "))
		slots.Value, slots.Command = near[0], "keydoctor setup --model "+near[0]
	case len(others) > 0:
		f.Message = fmt.Sprintf("the gateway does not serve %s%s, nor anything close; it serves %d models, e.g. %s", model, listedNote, len(others), strings.Join(first(others, 3), ", "))
		slots.URL = c.route.ModelsURL()
	default:
		f.Message = fmt.Sprintf("the gateway does not serve %s%s", model, bodyHint(a.res))
	}
	f.slots = func(m Path) catalog.Slots {
		s := toolSlots(m, slots)
		s.Key, s.File = modelKey(m), m.ModelSource
		return s
	}
	return f
}

// ModelKeyer is a tool whose model is held by one setting whichever way
// the tool is configured: a fix names it.
type ModelKeyer interface {
	ChecksModelKey() string
}

// modelKey is the setting that holds the tool's model, or "".
func modelKey(m Path) string {
	if t, ok := tool.Lookup(string(m.Tool)); ok {
		if k, ok := t.Impl.(ModelKeyer); ok {
			return k.ChecksModelKey()
		}
	}
	return ""
}

func first(ss []string, n int) []string {
	if len(ss) > n {
		return ss[:n]
	}
	return ss
}

// rootOf is the gateway root of a base URL, or the base itself when it
// does not parse (the precondition rung has said so already).
func rootOf(base string) string {
	if p, err := gateway.Normalize(base); err == nil {
		return p.Root
	}
	return base
}
