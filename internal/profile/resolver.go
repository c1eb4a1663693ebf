package profile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Resolver resolves the profile of one command run, in its layers: the
// values given on the command line (Options), the team file above the
// project directory when the user trusts it, the stored profile
// (Profile, $KEYDOCTOR_PROFILE or the default), or, with neither, what
// the tools' files hold (Current). What the last Resolve found stays in
// it for the command to report (Used, Team, Untrusted, TrustedNow, Cur).
type Resolver struct {
	// Options are the values the command line gives; KeyStdin is left
	// empty there: StdinKey gives the reader.
	Options LoadOptions
	// StdinKey, when set (--key-stdin), gives what the key is read from.
	StdinKey func() (io.Reader, error)
	// Profile is --profile NAME: the stored profile to fall back to
	// (setup: also the name it saves under, which need not exist yet:
	// SaveAs then starts from the current one).
	Profile string
	SaveAs  bool
	// TrustTeam (setup --trust-team-file, or the wizard's yes) trusts an
	// untrusted team file for the run; RefuseUntrusted (setup --yes)
	// makes one an *UntrustedError instead of a hint.
	TrustTeam, RefuseUntrusted bool
	// OnUntrusted is told once about a team file found but not trusted
	// (ignored); Hinted says it was (or the wizard already asked).
	OnUntrusted func(*Found)
	Hinted      bool
	// OnNote is told what did not stop the run (a key that could not be
	// read from the keyring).
	OnNote func(error)
	// Current, when set (setup), reads the tools' files for a run with
	// no stored profile and no team file to start from.
	Current func() Current

	// Used is the stored profile the resolution fell back to ("" none);
	// Team the trusted team file found (nil none); Untrusted one found
	// but not trusted, TrustedNow one trusted for this run only (to
	// record); Cur what Current read.
	Used                  string
	Team                  *Team
	Untrusted, TrustedNow *Found
	Cur                   *Current
}

// UntrustedError is a team file that is not trusted, refused
// (RefuseUntrusted) rather than ignored.
type UntrustedError struct{ Found *Found }

func (e *UntrustedError) Error() string { return e.Found.Path + " is not trusted" }

// Resolve resolves the profile for a run in directory dir.
func (r *Resolver) Resolve(e *env.Env, dir string) (gateway.Profile, error) {
	o := r.Options
	team, err := r.findTeam(e, dir)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// A FIFO, a device or a huge file in a repository's keydoctor.yaml.
		return gateway.Profile{}, &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", e.Tilde(pe.Path), pe.Err),
			Hint: "make it a regular file or remove it"}
	}
	if err != nil {
		return gateway.Profile{}, err
	}
	r.Team, o.Team = team, team.Layer()
	if o.Saved, err = r.savedLayer(e); err != nil {
		return gateway.Profile{}, err
	}
	if o.Saved == nil && team == nil && r.Current != nil {
		cur := r.Current()
		o.Saved, r.Cur = cur.Layer, &cur
	}
	if r.StdinKey != nil {
		if o.KeyStdin, err = r.StdinKey(); err != nil {
			return gateway.Profile{}, err
		}
	}
	return Load(e, o)
}

// findTeam is the repository's team file above dir when the user trusts
// its content (or trusts it for this run: TrustTeam); an untrusted one is
// ignored, and said once (RefuseUntrusted: refused).
func (r *Resolver) findTeam(e *env.Env, dir string) (*Team, error) {
	found, err := TeamFor(e, dir)
	if err != nil || found == nil {
		return nil, err
	}
	if !found.Trusted && !r.TrustTeam {
		r.Untrusted = found
		if r.RefuseUntrusted {
			return nil, &UntrustedError{Found: found}
		}
		if !r.Hinted {
			r.Hinted = true
			if r.OnUntrusted != nil {
				r.OnUntrusted(found)
			}
		}
		return nil, nil
	}
	t, err := found.Team()
	if err != nil {
		return nil, err
	}
	if !found.Trusted {
		r.TrustedNow = found
	}
	r.Untrusted = nil
	return t, nil
}

// savedLayer is the stored profile to fall back to, its key read; a key
// that cannot be read (a locked keyring) is a note, not a failure.
func (r *Resolver) savedLayer(e *env.Env) (*Layer, error) {
	st, err := Open(e)
	if err != nil {
		return nil, err
	}
	name := r.Profile
	if name == "" {
		if name, err = st.Current(e); err != nil || name == "" {
			return nil, err
		}
	}
	p, ok := st.Get(name)
	if !ok && r.SaveAs { // setup --profile NEW starts from the current one
		if name, err = st.Current(e); err != nil || name == "" {
			return nil, err
		}
		p, ok = st.Get(name)
	}
	if !ok {
		_, err := st.Must(name)
		return nil, err
	}
	l, err := st.Layer(e, p)
	if err != nil {
		if r.OnNote != nil {
			r.OnNote(err)
		}
		l, _ = st.Layer(e, Profile{Name: p.Name, Preset: p.Preset, BaseURL: p.BaseURL, Roots: p.Roots, Model: p.Model, BackgroundModel: p.BackgroundModel})
	}
	r.Used = name
	return l, nil
}
