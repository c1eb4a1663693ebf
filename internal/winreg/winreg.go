// Package winreg reads what Windows keeps in the registry and a Unix
// keeps in files and the shell: the environment variables set with setx
// or System Properties (HKCU\Environment, and the machine's under
// HKLM\SYSTEM\…\Session Manager\Environment), which reach only processes
// started after the change, and the WinINet proxy (Internet Settings) that
// some Node and Rust clients follow. Elsewhere it reads nothing.
//
// It only reads; keydoctor never writes the registry (a fix names the
// PowerShell or cmd command that does).
package winreg

import "strings"

// Registry keys, as a source is named to the user.
const (
	UserEnvironment    = `HKCU\Environment`
	MachineEnvironment = `HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\Environment`
	InternetSettings   = `HKCU\Software\Microsoft\Windows\CurrentVersion\Internet Settings`
)

// Var is one environment variable kept in the registry.
type Var struct {
	Name  string
	Value string // expanded when the value is REG_EXPAND_SZ
	// Key is the registry key holding it (UserEnvironment or
	// MachineEnvironment): the source doctor names.
	Key string
}

// Proxy is the WinINet proxy of the user.
type Proxy struct {
	// Enabled is ProxyEnable; a ProxyServer left behind with it off is
	// still followed by some clients.
	Enabled bool
	// Server is ProxyServer: "host:port", or per scheme
	// "http=host:port;https=host:port".
	Server string
	// Override is ProxyOverride: ";"-separated hosts that bypass it,
	// "<local>" standing for every name without a dot.
	Override string
	// AutoConfig is AutoConfigURL, a PAC file.
	AutoConfig string
}

// Set reports whether anything of the proxy is configured.
func (p Proxy) Set() bool { return p.Enabled || p.Server != "" || p.AutoConfig != "" }

// Bypasses reports whether ProxyOverride lets host bypass the proxy: an
// entry equal to it (a leading "*." or "*" matches any prefix), or
// "<local>" for a host without a dot.
func (p Proxy) Bypasses(host string) bool {
	host = strings.ToLower(host)
	for _, e := range strings.Split(strings.ToLower(p.Override), ";") {
		e = strings.TrimSpace(e)
		switch {
		case e == "":
		case e == "<local>":
			if !strings.Contains(host, ".") {
				return true
			}
		case strings.HasPrefix(e, "*"):
			if strings.HasSuffix(host, strings.TrimPrefix(e, "*")) {
				return true
			}
		case e == host:
			return true
		}
	}
	return false
}

// ServerFor is the proxy used for a URL scheme ("http" or "https"): the
// scheme's own entry of a per-scheme Server, else the one for all.
func (p Proxy) ServerFor(scheme string) string {
	if !strings.Contains(p.Server, "=") {
		return strings.TrimSpace(p.Server)
	}
	for _, part := range strings.Split(p.Server, ";") {
		k, v, ok := strings.Cut(part, "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), scheme) {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Values are what was read.
type Values struct {
	// Env are the user's variables, then the machine's; a user variable
	// beats the machine's of the same name, as Windows builds a new
	// process's environment (PATH excepted: it is joined).
	Env   []Var
	Proxy Proxy
}

// Lookup is the variable a new process would get, and where it is set.
func (v Values) Lookup(name string) (Var, bool) {
	for _, x := range v.Env { // user first
		if strings.EqualFold(x.Name, name) {
			return x, true
		}
	}
	return Var{}, false
}

// Read reads the registry of the running system (nothing, without error,
// on a system other than Windows).
func Read() (Values, error) {
	return read(paths{UserEnvironment, MachineEnvironment, InternetSettings})
}

// paths are the keys read, so that a test can read keys it made itself
// instead of the user's.
type paths struct{ user, machine, internet string }
