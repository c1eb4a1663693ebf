package main

import (
	"context"
	"fmt"
	"io"

	"github.com/keydoctor/keydoctor/doctor"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/spf13/cobra"
)

// setupOptions is everything runSetup needs; flags fill it, tests build it.
type setupOptions struct {
	Env     *env.Env
	Flags   profileFlags
	Tools   string // --tools; "" means detect
	Project string
	DryRun  bool
	JSON    bool
	Yes     bool
	Offline bool // ask the gateway nothing (no model list)
	// mcp is --mcp / --no-mcp (setup_mcp.go); mcpServer what was
	// registered.
	mcp       setupMCPFlags
	mcpServer *writers.MCPServer
	// TrustTeamFile (--trust-team-file) trusts the repository's
	// keydoctor.yaml as it is now, for this run and after it.
	TrustTeamFile bool

	Scope string
	// ToolOptions are the values of the tools' own flags (tool.Option).
	ToolOptions map[string]string

	// Interactive runs the wizard; Accessible runs it in huh's accessible
	// mode (line prompts: screen readers, tests).
	Interactive bool
	Accessible  bool

	Out, Err io.Writer
	In       io.Reader // wizard input
	UI       ui

	// LookPath finds a tool's executable (detection of installed tools).
	LookPath func(name string) (string, error)
	// ListModels asks the gateway for its models (the wizard's model list).
	ListModels func(ctx context.Context, root, key string) ([]string, error)
	// Check runs the offline checks on what setup wrote (not on
	// --dry-run); its findings end the report. Nil means none.
	Check func(ctx context.Context, p gateway.Profile, tools []gateway.ToolID) []doctor.Finding
	// afterPlan lets tests change files between plan and apply.
	afterPlan func()
	// use is the stored profile 'use' switches to (and makes the default
	// one, not saving what was written as a profile); switched what it
	// writes, read holding the write lock (setup.PrepareUse).
	use      string
	switched *setup.Switch
	// confirm shows the diff and asks before writing without the wizard.
	confirmWrite bool
}

func newSetupCmd(e *env.Env) *cobra.Command {
	o := &setupOptions{Env: e}
	o.Check = func(ctx context.Context, p gateway.Profile, tools []gateway.ToolID) []doctor.Finding {
		return setup.CheckWritten(ctx, o.Env, p, o.Project, tools)
	}
	cmd := &cobra.Command{
		Use:   "setup",
		Short: "write the gateway triple into " + tool.Titles(tool.IsSetup),
		Long: `setup writes one gateway triple (base URL, API key, model) into each chosen
tool, in the form that tool really reads. On a terminal it asks for what is
missing (unless --yes); otherwise everything comes from flags and environment.
The wizard does not ask again for what --base-url, --model, --tools or
--background-model give, says so before writing a key the gateway rejects or
a model its list lacks, and names a gateway typed in by its host (its .env
variables are then GATEWAY_BASE_URL, GATEWAY_API_KEY, GATEWAY_MODEL, as with
--preset custom). Ctrl-C at a question ends the run with exit status 1 and
writes nothing.

Only the keys keydoctor owns are edited; every other byte of each file stays.
All files are planned before any is written, a file that does not parse stops
the run, every changed file is backed up first ('keydoctor restore' undoes a
run), and a second identical run changes nothing. setup ends by running the
offline checks on what it wrote (exit status 1 when they find an error, such
as a shell variable that shadows what was written). One keydoctor writes at a
time: a run that finds another writing waits up to 5s (KEYDOCTOR_LOCK_WAIT),
then exits 2 naming the other's pid.

The key is read from --key-env NAME, --key-stdin, the preset's variable
(` + templates.Default().Vars.APIKey + `) or a masked prompt: never from a plain flag value. White
space around it is removed (with a note), as it is around URLs.` + tool.HelpFor("setup"),
		Example: `  export ` + templates.Default().Vars.APIKey + `=...   # or --key-stdin
  keydoctor setup --yes --model gpt-4o --tools claude,codex
  keydoctor setup --dry-run --tools env --project ~/src/app
  keydoctor setup --fix-vscode-mcp --tools vscode`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out, o.Err, o.In, o.UI = c.OutOrStdout(), c.ErrOrStderr(), e.Stdin, uiFrom(c.Context())
			o.Interactive = e.IsTerminal && !o.Yes && !o.JSON && !o.Flags.keyStdin
			o.Accessible = e.Getenv("ACCESSIBLE") != ""
			o.LookPath = e.LookPath // PATHEXT on Windows: npm installs claude.cmd
			o.ListModels = func(ctx context.Context, root, key string) ([]string, error) {
				return listModels(ctx, e, root, key)
			}
			return runSetup(c.Context(), o)
		},
	}
	f := cmd.Flags()
	o.Flags.add(f)
	f.StringVar(&o.Tools, "tools", "", "tools to configure: "+setup.ToolList()+" (default: those found installed or configured)")
	f.StringVar(&o.Project, "project", ".", "project directory (for .env and project-scope Claude settings)")
	f.BoolVar(&o.DryRun, "dry-run", false, "print a unified diff of every change (keys masked) and write nothing")
	addJSONFlag(f, &o.JSON, schemaSetup)
	f.BoolVarP(&o.Yes, "yes", "y", false, "do not ask: take everything from flags and environment")
	f.BoolVar(&o.TrustTeamFile, "trust-team-file", false, "trust the repository's keydoctor.yaml as it is now (as 'keydoctor trust' does): without it, setup --yes refuses an untrusted one")
	f.BoolVar(&o.Offline, "offline", false, "ask the gateway nothing (its model list decides "+tool.Titles(setup.IsBackgroundTool)+"'s background model otherwise)")
	f.StringVar(&o.Scope, "scope", "user", tool.Titles(setup.IsScopeTool)+" settings scope: "+setup.ScopeList())
	addToolOptions(f, &o.ToolOptions)
	o.mcp.add(f)
	return cmd
}

func runSetup(ctx context.Context, o *setupOptions) error {
	if err := checkProject(o.Project); err != nil {
		return err
	}
	var tw *setup.Wizard // the wizard asks about an untrusted team file; --yes refuses it
	if o.Interactive {
		tw = newWizard(o, gateway.Profile{}, nil, nil).Wizard
	}
	if err := setup.SettleTrust(ctx, o.Env, o.Project, &o.Flags.Resolver, o.TrustTeamFile, tw); err != nil {
		return err
	}
	s := &setup.Session{DryRun: o.DryRun, Front: o, Check: o.Check}
	var err error
	if !o.DryRun {
		if s.Lock, err = plan.For(o.Env, o.Err, o.sessionName()); err != nil {
			return err
		}
	}
	rep, err := s.Run(ctx)
	if err != nil || rep == nil {
		return sessionError(o.Env, s.Lock, err)
	}
	if o.JSON {
		err = writeJSON(o.Out, rep)
	} else {
		rep.WriteText(o.Out, o.UI.Quiet, o.UI.Width)
	}
	if err != nil {
		return err
	}
	if err := o.registerMCPByCLI(ctx, o.mcpServer); err != nil {
		return err
	}
	if rep.Failing() {
		return &exitError{code: exitFindings}
	}
	return nil
}

// Untargeted is why a chosen tool gets nothing (setup.Front).
func (o *setupOptions) Untargeted(ids []gateway.ToolID, pl *writers.Plan) ([]string, error) {
	return setup.Untargeted(o.Env, o.ToolOptions, ids, pl)
}

// Confirm shows the diff and asks, in the wizard or when use asks
// (setup.Front).
func (o *setupOptions) Confirm(ctx context.Context, pl *writers.Plan) (bool, error) {
	if o.Interactive || o.confirmWrite {
		if ok, err := confirmPlan(ctx, o, pl); err != nil || !ok {
			return false, err
		}
	}
	if o.afterPlan != nil {
		o.afterPlan()
	}
	return true, nil
}

// Remember trusts the team file the wizard was told to trust and saves
// the profile (setup.Front).
func (o *setupOptions) Remember(_ context.Context, p gateway.Profile) (string, error) {
	if t := o.Flags.TrustedNow; t != nil {
		if err := t.Trust(o.Env); err != nil {
			return "", failf("the files were written; run 'keydoctor trust' to trust it", "cannot record that %s is trusted: %v", profile.TeamShown(o.Env, t.Path), err)
		}
	}
	if o.use != "" {
		return "", profile.MakeDefault(o.Env, o.use)
	}
	saved, err := profile.Remember(o.Env, p, o.Flags.profile, o.Flags.Used, func(note string) {
		fmt.Fprintf(o.Err, "keydoctor: note: %s\n", note)
	})
	if err != nil {
		return "", failf("the files were written; run it again to save the profile", "%v", err)
	}
	return saved, nil
}

// Resolve is the profile to write and the tools to write it into, the
// wizard asking for what is missing (setup.Front). A real run calls it
// holding the write lock: the stored profile and the files it starts
// from are then those no other run is changing.
func (o *setupOptions) Resolve(ctx context.Context) (writers.Options, []gateway.ToolID, error) {
	if o.use != "" {
		sw, err := setup.PrepareUse(o.Env, o.use, o.Project, &o.Tools)
		if err != nil {
			return writers.Options{}, nil, err
		}
		o.switched, o.ToolOptions = sw, sw.ToolOptions
	}
	p, err := o.loadProfile()
	if err != nil {
		return writers.Options{}, nil, err
	}
	setup.TrimKey(o.Err, &p)
	wo := writers.Options{Env: o.Env, Project: o.Project, ToolOptions: o.ToolOptions, KeyEnv: setup.KeyEnv(o.Flags.Team, o.Flags.keyEnv, ""), Scope: o.Scope}
	if sw := o.switched; sw != nil {
		wo.DotEnvVars, wo.KeyEnv = sw.DotEnvVars, setup.KeyEnv(o.Flags.Team, o.Flags.keyEnv, sw.KeyEnv)
	}
	if err := setup.CheckScope(o.Scope); err != nil {
		return wo, nil, err
	}
	ids, err := setup.ChooseTools(&o.Tools, o.Flags.Team)
	if err != nil {
		return wo, nil, err
	}
	detected := setup.DetectTools(o.Env, o.LookPath, wo.Project)
	if o.Interactive {
		w := newWizard(o, p, ids, detected)
		w.Options = wo.ToolOptions
		if err := w.run(ctx); err != nil {
			return wo, nil, err
		}
		p, ids, wo.ToolOptions = w.Profile, w.Tools, w.Options
	} else {
		list := o.ListModels
		if o.Offline {
			list = nil
		}
		if ids, err = setup.Unasked(ctx, o.Env, o.Project, &p, ids, detected, list); err != nil {
			return wo, nil, err
		}
	}
	if err := o.settleMCP(ctx, &wo, ids); err != nil {
		return wo, nil, err
	}
	setup.MCPByCLIs(wo.MCPServer, ids, o.Scope, o.LookPath)
	o.mcpServer = wo.MCPServer
	wo.Profile = p
	return wo, ids, nil
}

// sessionName names the run to a writer that waits for it.
func (o *setupOptions) sessionName() string {
	if o.use != "" {
		return "use"
	}
	return "setup"
}

// loadProfile is the profile to write: use's, or resolved from the
// flags, the team file above --project, variables and the stored
// profile (--profile may name one setup is about to create).
func (o *setupOptions) loadProfile() (gateway.Profile, error) {
	if o.switched != nil {
		return o.switched.Profile, nil
	}
	o.Flags.SaveAs = true
	o.Flags.Current = func() profile.Current { return setup.CurrentFiles(o.Env, o.Project, o.Tools) }
	p, err := o.Flags.loadIn(o.Env, o.Project)
	if err == nil {
		err = setup.KeptFromFiles(o.Flags.Cur, &p)
	}
	if err == nil {
		setup.ForgetStoredBackground(&p)
	}
	return p, err
}

// listModels is the gateway's model list (setup.ListModels), for the
// wizard and doctor --fix.
var listModels = setup.ListModels
