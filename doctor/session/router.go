package session

import (
	"context"
	"sync"

	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/router"
)

// routers identifies the local router at each loopback address once per
// run, for every ladder that goes through it, and reads where it sends
// the run's model from its configuration when that is on this machine.
func routers(e *env.Env) wire.Identifier {
	type entry struct {
		once sync.Once
		r    router.Router
		ok   bool
	}
	var mu sync.Mutex
	seen := map[string]*entry{}
	client := router.Client()
	return func(ctx context.Context, base, model string) (router.Router, bool) {
		_, addr, ok := router.Loopback(base)
		if !ok {
			return router.Router{}, false
		}
		mu.Lock()
		en := seen[addr]
		if en == nil {
			en = &entry{}
			seen[addr] = en
		}
		mu.Unlock()
		en.once.Do(func() { en.r, en.ok = router.Identify(ctx, client, base) })
		r := en.r
		if en.ok && r.Kind == router.CCR {
			r.Route = router.ReadCCR(e, model) // the route of this ladder's model
		}
		if en.ok && r.Kind == router.CCSwitch && r.Route != nil {
			rt := *r.Route // en.r's is shared by every ladder
			router.ReadCCSwitch(e, &rt)
			r.Route = &rt
		}
		return r, en.ok
	}
}
