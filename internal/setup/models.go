package setup

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// ListModels asks the gateway's /v1/models with a short deadline (the
// wizard's model list, the background model's choice).
func ListModels(ctx context.Context, e *env.Env, root, key string) ([]string, error) {
	c, err := probe.NewClient(probe.Options{Getenv: e.Getenv, Timeout: 8 * time.Second})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 8*time.Second)
	defer cancel()
	ids, res := probe.ListModels(ctx, c, root, key, gateway.AuthBearer)
	if res != nil && res.Code != "" {
		return nil, fmt.Errorf("%s", res.Code)
	}
	// an id holding a control character is never offered nor picked
	return slices.DeleteFunc(ids, func(id string) bool { return gateway.CheckModel("model", id) != nil }), nil
}
