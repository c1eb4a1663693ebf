// The seeds' method, for comparison with `keydoctor bench --self-test`:
// the official OpenAI node SDK with async streaming, CPU per streamed
// request at concurrency 16. Manual, never run by tests:
//
//   keydoctor mock --addr 127.0.0.1:18766 --ttft 80ms --tpot 10ms --tokens 20 &
//   NODE_PATH=/opt/kdtools/node_modules node sdk_cpu.cjs
//
// BASE_URL (default http://127.0.0.1:18766/api/v1) and N (default 400)
// override the target and the request count. The key is the fake
// gateway's own test key.
const OpenAI = require('openai').default || require('openai');

const client = new OpenAI({
  baseURL: process.env.BASE_URL || 'http://127.0.0.1:18766/api/v1',
  apiKey: 'sk-mock-0123456789abcdef0123',
  maxRetries: 0,
});
const N = Number(process.env.N || 400), C = 16;

async function one() {
  const stream = await client.chat.completions.create({
    model: 'gpt-4o', stream: true, max_tokens: 40, stream_options: { include_usage: true },
    messages: [{ role: 'user', content: 'Count from 1 to 200, separated by spaces. Output only the numbers.' }],
  });
  let n = 0;
  for await (const chunk of stream) {
    if (chunk.choices?.[0]?.delta?.content) n++;
  }
  return n;
}

async function run(total) {
  let next = 0, ok = 0;
  await Promise.all(Array.from({ length: C }, async () => {
    while (next < total) {
      next++;
      if (await one() > 0) ok++;
    }
  }));
  return ok;
}

(async () => {
  await run(32); // warmup: connections open, code paths hot
  const u0 = process.cpuUsage();
  const ok = await run(N);
  const u = process.cpuUsage(u0);
  console.log(`node openai SDK: ${ok} ok, CPU per streamed request ${((u.user + u.system) / 1000 / ok).toFixed(3)} ms`);
})();
