package profile

import (
	"strings"
	"testing"
)

func TestCheckKeyEnv(t *testing.T) {
	for _, tc := range []struct {
		name string
		want string // "" accepted, else a part of the refusal
	}{
		{"", ""}, {"GATEWAY_API_KEY", ""}, {"TAOTOKEN_API_KEY", ""}, {"OPENAI_API_KEY", ""}, {"ANTHROPIC_AUTH_TOKEN", ""},
		{"ANTHROPIC_API_KEY", ""}, {"GEMINI_API_KEY", ""}, {"GOOGLE_API_KEY", ""}, {"AZURE_OPENAI_API_KEY", ""}, {"HF_TOKEN", ""},
		{"GW_KEY", ""}, {"team_key", ""}, {"DEEPSEEK_APIKEY", ""}, {"OPENROUTER_API_KEY", ""},
		{"AWS_SECRET_ACCESS_KEY", "AWS credentials"}, {"AWS_SESSION_TOKEN", "AWS credentials"}, {"AWS_ACCESS_KEY_ID", "AWS credentials"},
		{"GITHUB_TOKEN", "GitHub token"}, {"GH_TOKEN", "GitHub token"}, {"HOMEBREW_GITHUB_API_TOKEN", "package registry"},
		{"GITLAB_TOKEN", "GitLab"}, {"NPM_TOKEN", "package registry"}, {"NODE_AUTH_TOKEN", "package registry"},
		{"CI_JOB_TOKEN", "CI token"}, {"VAULT_TOKEN", "Vault"}, {"SSH_AUTH_SOCK", "SSH"}, {"DB_PASSWORD", "database"},
		{"SMTP_PASSWORD", "mail"}, {"STRIPE_SECRET_KEY", "payment"}, {"JWT_SECRET_KEY", "signing"}, {"DJANGO_SECRET_KEY", "a secret"},
		{"PRIVATE_KEY", "private key"}, {"OP_SERVICE_ACCOUNT_TOKEN", "1Password"}, {"KEYDOCTOR_API_KEY", "keydoctor's own"},
		{"HOME", "ends in _API_KEY, _KEY or _TOKEN"}, {"PATH", "ends in"}, {"KEY", "ends in"}, {"TOKEN", "ends in"},
		{"API_KEY_FILE", "ends in"}, {"OPENAI_BASE_URL", "ends in"},
	} {
		err := CheckKeyEnv(tc.name)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want a refusal saying %q", tc.name, err, tc.want)
		}
	}
}
