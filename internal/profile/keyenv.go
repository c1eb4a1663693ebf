package profile

import (
	"fmt"
	"strings"
)

// A team file's key_env picks which of the user's variables keydoctor
// reads a key from and sends to the team's gateway: a repository must not
// be able to name the user's cloud, forge or registry credentials there.
// The rule (README: "key_env"): the name, upper-cased and split at '_',
// must end in KEY or TOKEN (GATEWAY_API_KEY, TEAM_KEY, ANTHROPIC_AUTH_TOKEN,
// HF_TOKEN), and none of its words may name a well-known credential that is
// not a gateway API key (notKeyWords: AWS_*, GITHUB_TOKEN, GH_TOKEN,
// NPM_TOKEN, SSH_*, *_SECRET*, *_PASSWORD, ...).

// notKeyWords are the words of well-known credentials that are not a
// gateway's API key, each with what it is, for the error.
var notKeyWords = map[string]string{
	"AWS": "AWS credentials", "AMAZON": "AWS credentials",
	"GITHUB": "a GitHub token", "GH": "a GitHub token", "GITLAB": "a GitLab token", "GLAB": "a GitLab token",
	"BITBUCKET": "a Bitbucket token", "GITEA": "a Gitea token",
	"NPM": "a package registry token", "YARN": "a package registry token", "PYPI": "a package registry token",
	"TWINE": "a package registry token", "CARGO": "a package registry token", "RUBYGEMS": "a package registry token",
	"GEM": "a package registry token", "NUGET": "a package registry token", "HOMEBREW": "a package registry token",
	"NODE":   "a package registry token (NODE_AUTH_TOKEN)",
	"DOCKER": "a container registry credential", "REGISTRY": "a container registry credential",
	"KUBE": "a Kubernetes credential", "KUBECONFIG": "a Kubernetes credential", "HELM": "a Kubernetes credential",
	"VAULT": "a Vault token", "OP": "a 1Password token", "BW": "a Bitwarden session", "SOPS": "an encryption key",
	"SSH": "an SSH credential", "GPG": "a signing key", "PGP": "a signing key", "GNUPG": "a signing key",
	"GCP": "a cloud credential", "GCLOUD": "a cloud credential",
	"DIGITALOCEAN": "a cloud credential", "DO": "a cloud credential",
	"HEROKU": "a cloud credential", "CLOUDFLARE": "a cloud credential", "CF": "a cloud credential",
	"FLY": "a cloud credential", "VERCEL": "a cloud credential", "NETLIFY": "a cloud credential", "LINODE": "a cloud credential",
	"HCLOUD": "a cloud credential", "TF": "a Terraform token", "TERRAFORM": "a Terraform token", "PULUMI": "a cloud credential",
	"CI": "a CI token", "ACTIONS": "a CI token", "RUNNER": "a CI token", "CIRCLE": "a CI token", "TRAVIS": "a CI token",
	"BUILDKITE": "a CI token", "JENKINS": "a CI token", "CODECOV": "a CI token", "SONAR": "a CI token", "SNYK": "a CI token",
	"SENTRY": "a service token", "SLACK": "a chat token", "DISCORD": "a chat token", "TELEGRAM": "a chat token",
	"TWILIO": "a service token", "SENDGRID": "a mail credential", "MAILGUN": "a mail credential", "SMTP": "a mail credential",
	"MAIL": "a mail credential", "STRIPE": "a payment key", "PAYPAL": "a payment key",
	"DATABASE": "a database credential", "DB": "a database credential", "PG": "a database credential",
	"POSTGRES": "a database credential", "MYSQL": "a database credential", "REDIS": "a database credential",
	"MONGO": "a database credential", "MONGODB": "a database credential", "SUPABASE": "a database credential",
	"FIREBASE": "a service credential",
	"SECRET":   "a secret", "SECRETS": "a secret", "PASSWORD": "a password", "PASSWD": "a password", "PASS": "a password",
	"PASSPHRASE": "a password", "PRIVATE": "a private key", "SESSION": "a session token", "COOKIE": "a session token",
	"CREDENTIAL": "a credential", "CREDENTIALS": "a credential", "SIGNING": "a signing key", "ENCRYPTION": "an encryption key",
	"KEYDOCTOR": "keydoctor's own variable (a team names its own)", "MASTER": "a master key", "JWT": "a signing key", "CSRF": "a signing key", "REFRESH": "an OAuth refresh token",
}

// KeyEnvHint is what to do about a refused key_env.
const KeyEnvHint = "name the variable that holds the gateway's API key, e.g. key_env: GATEWAY_API_KEY (README: \"key_env\")"

// CheckKeyEnv says why name may not be a team file's key_env; nil when it
// looks like a gateway API key variable ("" too: no key_env).
func CheckKeyEnv(name string) error {
	if name == "" {
		return nil
	}
	words := strings.Split(strings.ToUpper(name), "_")
	for _, w := range words {
		if what, ok := notKeyWords[w]; ok {
			return fmt.Errorf("key_env %s is refused: it names %s, not a gateway API key", name, what)
		}
	}
	if last := words[len(words)-1]; len(words) < 2 || (last != "KEY" && last != "TOKEN" && last != "APIKEY") {
		return fmt.Errorf("key_env %s is refused: a gateway API key variable ends in _API_KEY, _KEY or _TOKEN", name)
	}
	return nil
}
