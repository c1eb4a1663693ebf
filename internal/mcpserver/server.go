// Package mcpserver serves keydoctor's read-only commands over the Model
// Context Protocol (stdio), so that a coding agent that sees "401" or
// "the model may not exist" can ask keydoctor why. Each tool runs the
// command's own session with --json (Runner, injected by cmd/keydoctor)
// and returns that document, redacted, with a short summary for the
// model.
//
// The agent is not trusted: it chooses only among the tools the registry
// knows, the profiles the user stored, the protocols, a short pasted text,
// and whether doctor may send requests. It never names a URL, a key, a
// variable or a file: those come from the user's own configuration, as
// the CLI resolves it. No tool writes a file.
package mcpserver

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Name is the server's name in MCP and the entry name setup registers.
const Name = "keydoctor"

// Output is what one command run printed, and its exit status.
type Output struct {
	Stdout, Stderr []byte
	Code           int
}

// Runner runs one keydoctor command line (args never hold a value the
// agent typed that was not validated here) and returns what it printed.
type Runner func(ctx context.Context, args []string) Output

// Options configure a server.
type Options struct {
	Run Runner
	// Project is the directory the commands read the project's files
	// from: the user's, given when the server started.
	Project string
	// Profiles lists the stored profiles an agent may name.
	Profiles func() []string
	// Secrets are the run's: every result is masked against them.
	Secrets *redact.Secrets
	Version string
	// Timeout bounds one tool call (default 2 minutes).
	Timeout time.Duration
}

// MaxText is the most of a pasted error text explain reads; MaxLine is
// the longest JSON-RPC message the server accepts.
const (
	MaxText = 4 << 10
	MaxLine = 256 << 10
)

// New builds the server with its tools.
func New(o Options) *mcp.Server {
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	s := mcp.NewServer(&mcp.Implementation{Name: Name, Title: "keydoctor", Version: o.Version}, &mcp.ServerOptions{
		Instructions: "keydoctor diagnoses this machine's AI gateway configuration (base URL, API key, model) for each coding tool. " +
			"When a request to the model fails (401, 404, \"the model may not exist\", a proxy error), call doctor (offline) first, " +
			"then doctor with wire=true to send test requests; explain turns an error message into its likely causes and fixes.",
	})
	h := &handler{o: o}
	h.register(s)
	return s
}

// Serve runs the server on a transport until the client disconnects or
// ctx ends.
func Serve(ctx context.Context, o Options, t mcp.Transport) error {
	return New(o).Run(ctx, t)
}

// handler runs the tools; one at a time, since each runs a whole command.
type handler struct {
	o  Options
	mu sync.Mutex
}

// ServeStdio serves on in and out, one message a line (the run's
// standard input, and its standard output: the redacting writer, so the
// protocol is masked too), until the client goes away, which is no error.
func ServeStdio(ctx context.Context, o Options, in io.Reader, out io.Writer) error {
	t := &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}, MaxLineLength: MaxLine}
	err := Serve(ctx, o, t)
	if err != nil && (ctx.Err() != nil || errors.Is(err, io.EOF)) {
		return nil // the client went away: the normal end
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
