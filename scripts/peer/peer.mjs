// The peer of `keydoctor bench` in scripts/bench-peer.sh: the official
// OpenAI Node SDK streaming chat completions at a fixed concurrency, the
// way the seeds measured (async iteration over the stream). It prints one
// JSON line: requests, TTFT p50 and TPOT p50 in ms.
//
//   OPENAI_BASE_URL=http://127.0.0.1:8765/api/v1 OPENAI_API_KEY=sk-mock-... \
//     node peer.mjs --concurrency 16 --requests 200 --model gpt-4o --max-tokens 64
//
// Like bench, it first sends one warm-up request per slot (left out of the
// figures), so that every connection is open.
import OpenAI from "openai";

function arg(name, def) {
  const i = process.argv.indexOf("--" + name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : def;
}
const c = Number(arg("concurrency", "1"));
const n = Number(arg("requests", "20"));
const model = arg("model", "gpt-4o");
const maxTokens = Number(arg("max-tokens", "64"));
if (!(c >= 1) || !(n >= 1)) {
  console.error("peer: --concurrency and --requests must be positive");
  process.exit(2);
}

const client = new OpenAI({ maxRetries: 0, timeout: 120_000 });
const prompt = Array.from({ length: 200 }, (_, i) => i + 1).join(" ");

async function one() {
  const start = performance.now();
  let first = 0, last = 0, deltas = 0;
  const stream = await client.chat.completions.create({
    model, stream: true, max_tokens: maxTokens,
    messages: [{ role: "user", content: "Count from 1 to 200: " + prompt }],
  });
  for await (const chunk of stream) {
    const content = chunk.choices?.[0]?.delta?.content;
    if (content) {
      const now = performance.now();
      if (deltas === 0) first = now;
      last = now;
      deltas++;
    }
  }
  if (deltas === 0) throw new Error("no content delta");
  return { ttft: first - start, tpot: deltas > 1 ? (last - first) / (deltas - 1) : NaN };
}

async function run(total) {
  const out = [];
  let next = 0;
  async function worker() {
    while (next < total) {
      next++;
      out.push(await one());
    }
  }
  await Promise.all(Array.from({ length: Math.min(c, total) }, worker));
  return out;
}

function p50(xs) {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
}

await run(c); // warm-up: one per slot
const got = await run(n);
console.log(JSON.stringify({ requests: got.length, ttft_p50_ms: p50(got.map((r) => r.ttft)), tpot_p50_ms: p50(got.map((r) => r.tpot)) }));
