package catalog

// Relay is a program that usually listens on a loopback port in front of
// a gateway, and how the user starts it: local-relay-down names it.
type Relay struct{ Name, Start string }

// Relays are the relays and local servers known by port.
var Relays = map[string]Relay{
	"15721": {"CC Switch's local relay", "start CC Switch and turn its local proxy on"},
	// ccr start alone does not revive a crashed gateway while its
	// management service runs (claude-code-router 3.1.1, issue 32).
	"3456":  {"claude-code-router", "restart claude-code-router (ccr stop && ccr start)"},
	"11434": {"Ollama", "start Ollama (ollama serve)"},
	"1234":  {"LM Studio's server", "start LM Studio's local server"},
}
