// Package checks holds the doctor's checks, one file per area (files,
// keys, urls, consistency, proxy, secrets, …). Each check is a small value
// implementing doctor.Check whose Run returns findings: ok when all is
// well, skipped naming the precondition that failed, failed when it could
// not run. Checks read what internal/discover found; they never read
// files or variables of their own, except the proxy and relay checks,
// which dial loopback or proxy ports with a short timeout. No check here
// names a tool: a tool's own checks live in its package
// (internal/tool/<id>/checks.go) and join through Provider and the
// interfaces of provider.go, which its tool.Tool's Impl implements.
package checks

import (
	"context"
	"net"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// Options are what the checks need beyond the discovered snapshot.
type Options struct {
	Snapshot *discover.Snapshot
	// Profile is the triple the user asked for (flags, KEYDOCTOR_*, preset
	// variables, config file): the reference for triple-drift where the
	// user set it explicitly.
	Profile gateway.Profile
	// Dial opens TCP connections (proxy and relay checks); nil uses a
	// net.Dialer. DialTimeout bounds each dial; zero means 300ms: a port on
	// this machine or the LAN answers in microseconds or not at all.
	Dial        func(ctx context.Context, network, addr string) (net.Conn, error)
	DialTimeout time.Duration
	// Git runs git for secret-in-git; nil runs the git binary.
	Git GitRunner
	// Profiles are the stored profiles and the team file, for
	// profile-in-use, key-orphaned and team-drift; nil skips those.
	Profiles *ProfileSet
	// Versions are the configured tools' installed versions, for
	// facts-older; nil says nothing about versions.
	Versions toolversion.Versions
	// MCP checks keydoctor's MCP server entries (mcpserver.go); nil
	// starts none.
	MCP *MCPProbe
}

// Offline is every check that needs no network beyond the short proxy and
// relay dials: `keydoctor doctor --offline`. The wire checks (doctor part
// 2) are appended after these by the command; keep this list in the order
// the report shows it. A tool's own checks (Provider) run at their stage,
// in the order of tool.All.
func Offline(o Options) []doctor.Check {
	o.defaults()
	s := o.Snapshot
	own := toolChecks(o)
	list := []doctor.Check{
		toolsCheck{s},
		versionsCheck{s, o.Versions},
		routeCheck{s},
		filesCheck{s},
		ignoredCheck{s},
		missingCheck{s},
		keyCheck{s},
		urlCheck{s, o.Profile},
	}
	list = append(list, own[StageConfig]...)
	list = append(list, authCheck{s})
	list = append(list, own[StageRequest]...)
	list = append(list, overriddenCheck{s}, shadowCheck{s})
	list = append(list, own[StageLayers]...)
	return append(list,
		driftCheck{s, o.Profile},
		profilesCheck{s, o.Profiles},
		permsCheck{s},
		leftoversCheck{s},
		gitCheck{s, o.Git},
		&proxyCheck{snap: s, dial: o.dialer()},
		systemProxyCheck{s},
		registryEnvCheck{s},
		launchdEnvCheck{s},
		wslCheck{s, o.dialer()},
		relayCheck{s, o.Profile, o.dialer()},
		mcpServerCheck{s, o.MCP},
	)
}

// Provider is what a tool package implements (on its tool.Tool's Impl)
// to add checks of its own tool to the offline list.
type Provider interface {
	ChecksOffline(o Options) []Staged
}

// Staged is a tool's check and where in the report it runs.
type Staged struct {
	Stage Stage
	Check doctor.Check
}

// Stage is a place in the offline list for a tool's own checks: the
// report reads from the tool's files to what it sends to how its layers
// combine.
type Stage int

const (
	// StageConfig: mistakes in the tool's own config, after url-shape.
	StageConfig Stage = iota
	// StageRequest: what the tool really sends, after auth-conflict.
	StageRequest
	// StageLayers: settings the tool merges over others, after
	// precedence and dotenv-shadow.
	StageLayers
	stages
)

// toolChecks are the registered tools' own checks by stage.
func toolChecks(o Options) [stages][]doctor.Check {
	var out [stages][]doctor.Check
	for _, t := range tool.All() {
		p, ok := t.Impl.(Provider)
		if !ok {
			continue
		}
		for _, c := range p.ChecksOffline(o) {
			out[c.Stage] = append(out[c.Stage], c.Check)
		}
	}
	return out
}

// Version is the installed version of tool id that doctor detected, ""
// when none was: a tool's checks look their facts up for it
// (tool.Facts.For), the newest when "".
func (o Options) Version(id gateway.ToolID) string {
	return o.Versions[id].Version
}

func (o *Options) defaults() {
	if o.DialTimeout <= 0 {
		o.DialTimeout = 300 * time.Millisecond
	}
	if o.Git == nil {
		o.Git = ExecGit
	}
}

// dialer wraps Dial with the timeout.
func (o Options) dialer() dialFunc {
	dial := o.Dial
	if dial == nil {
		var d net.Dialer
		dial = d.DialContext
	}
	timeout := o.DialTimeout
	return func(ctx context.Context, addr string) error {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		c, err := dial(ctx, "tcp", addr)
		if err != nil {
			return err
		}
		return c.Close()
	}
}

type dialFunc func(ctx context.Context, addr string) error

// tool builds a finding about a discovered tool instance.
func finding(t discover.Tool, code catalog.Code, st doctor.Status, msg, fix string, src string) doctor.Finding {
	return doctor.Finding{Code: code, Status: st, Tool: t.ID, Message: msg, Fix: fix, Source: src}
}

// okFinding says a check passed for a tool.
func okFinding(t discover.Tool, msg, src string) doctor.Finding {
	return doctor.Finding{Status: doctor.OK, Tool: t.ID, Message: msg, Source: src}
}

// skip says why a check did not apply.
func skip(tool, msg string) doctor.Finding {
	return doctor.Finding{Status: doctor.Skipped, Tool: gateway.ToolID(tool), Message: msg}
}
