package catalog

// windowsEntries are the codes of what Windows keeps in the registry: the
// variables set with setx and the system (WinINet) proxy.
var windowsEntries = []Entry{
	{Code: EnvNotLoaded, Class: Config, Rung: CondEnvironment, Severity: Warning, FixRank: 175, Title: "a variable kept in the registry has not reached this shell",
		Causes: []string{
			"the variable was set with setx, System Properties or an installer: Windows keeps it in the registry (HKCU\\Environment, or the machine's) and gives it only to processes started afterwards, so the running terminal, and every tool started from it, keeps the old value or none",
			"the same variable is set in the shell's profile ($PROFILE) to another value, which beats the registry's in that shell",
		},
		Fix:      "open a new terminal and start the tool from there (a running terminal keeps the environment it started with)[, or set it in this one: {edit}]; to change the kept value: \\[Environment\\]::SetEnvironmentVariable('{key|NAME}', '<value>', 'User') in PowerShell, or setx {key|NAME} <value> in cmd",
		Symptoms: []string{"setx", "changed the variable but nothing changed", "environment variable not updated"},
	},
	{Code: LaunchdEnvDiffers, Class: Config, Rung: CondEnvironment, Severity: Warning, FixRank: 176, Title: "a variable set with launchctl setenv differs from this shell's",
		Causes: []string{
			"on macOS, `launchctl setenv` (by hand, or a LaunchAgent a tool or an installer left) gives a variable to every app started from the Dock, Finder or Spotlight afterwards (VS Code and the Cline extension in it, desktop apps), while a terminal's tools get the shell's value: the same tool reaches another gateway, or goes without a key, depending on how it was started",
		},
		Fix:      "make them agree: launchctl setenv {key|NAME} <the value your shell has> (or launchctl unsetenv {key|NAME}), then quit and restart the app; a LaunchAgent that sets it at login (~/Library/LaunchAgents) sets it again at the next login[, or set it in this shell too: {edit}]",
		Symptoms: []string{"launchctl", "works in the terminal but not in VS Code", "launchd environment"},
	},
	{Code: WSLLoopbackCrossed, Class: Config, Rung: CondEnvironment, Severity: Warning, FixRank: 177, Title: "inside WSL, a tool's 127.0.0.1 base URL is served on the other side",
		Causes: []string{
			"a tool installed on Windows points at a relay or gateway that runs inside WSL: WSL 2's NAT networking forwards Windows' localhost to it only while the distribution runs, and not with localhostForwarding=false",
			"a tool installed inside WSL points at 127.0.0.1 for a relay that runs on Windows: with NAT networking (WSL 2's default) 127.0.0.1 inside WSL is the Linux side only",
		},
		Fix:      "run the relay on the side the tool runs on[ ({value} for {tool})], or set networkingMode=mirrored under \\[wsl2\\] in .wslconfig in your Windows profile folder (Windows 11 22H2 and later) so that both sides share 127.0.0.1, then wsl --shutdown; a Linux-side tool can also reach Windows at the address `ip route show default` names",
		Symptoms: []string{"wsl", "works in windows but not in wsl", "localhost wsl"},
		Explains: []Code{ConnectRefused},
	},
	{Code: SystemProxyCapturesLocal, Class: Config, Rung: CondEnvironment, Severity: Warning, FixRank: 191, Title: "the Windows system proxy captures traffic meant for a local address",
		Causes: []string{
			"the system proxy (Settings › Network & internet › Proxy, or a proxy tool such as Clash that sets it) does not list a loopback relay or LAN gateway among its exceptions: the Rust clients (Codex) follow it when no proxy variable is set and send the relay's requests to the proxy (\"local proxy failed\")",
			"the proxy was switched off but its ProxyServer left behind: some clients still use it",
		},
		Fix:      "add [{value}][!value 127.0.0.1;localhost;<local>] to the proxy's exceptions (Settings › Network & internet › Proxy › Manual proxy setup, \"Use the proxy server except for addresses\"; or in PowerShell: Set-ItemProperty 'HKCU:\\\\Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Internet Settings' ProxyOverride '[{value}][!value 127.0.0.1;localhost;<local>]'), or switch the system proxy off and clear its address",
		Symptoms: []string{"local proxy failed", "system proxy", "proxyserver", "wininet"},
		Explains: []Code{ConnectRefused, ServerError},
	},
}
