package main

import (
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
)

// demoBench runs a small sweep against a second fake gateway that serves
// only four requests at once, so the knee has something to find.
func demoBench(st *demoState) error {
	gw, err := mock.Start(st.Ctx, "127.0.0.1:0", mock.Options{
		Prefix: "/api", Key: demoKey, TTFT: 80 * time.Millisecond, TPOT: 10 * time.Millisecond, Tokens: 8, MaxConcurrent: 4,
	})
	if err != nil {
		return fmt.Errorf("starting the fake gateway: %w", err)
	}
	defer gw.Close()
	args := []string{"--base-url", gw.Root(), "--sweep", "1,2,4,8", "-n", "16", "--max-tokens", "8", "--yes"}
	fmt.Fprintf(st.Out, "$ keydoctor bench --sweep 1,2,4,8 -n 16   (a gateway that serves 4 at once)\n")
	cmd := newBenchCmd(st.Env)
	cmd.SetArgs(args)
	cmd.SetOut(st.Out)
	cmd.SetErr(st.Out)
	return cmd.ExecuteContext(st.Ctx)
}
