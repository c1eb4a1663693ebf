package checks

import (
	"context"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// RouteFindings are the route check's findings about one tool (an error
// when a switch, login or other provider wins over its gateway triple),
// for verify to say before it runs the tool what doctor would say.
func RouteFindings(ctx context.Context, e *env.Env, s *discover.Snapshot, tool gateway.ToolID) []doctor.Finding {
	var out []doctor.Finding
	for _, f := range (routeCheck{s}).Run(ctx, e) {
		if f.Tool == tool && f.Status != doctor.Skipped {
			out = append(out, f)
		}
	}
	return out
}
