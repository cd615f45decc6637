// npm run dev: the API server with reload (tsx watch) and the Vite dev server with HMR on :5173.
import { spawn } from "node:child_process";
import { root } from "./lib.mjs";

const procs = [
  spawn("npm", ["run", "dev", "-w", "@leadpost/server"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@leadpost/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const p of procs) p.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const p of procs)
  p.on("exit", (code) => {
    stop();
    process.exit(code ?? 0);
  });
