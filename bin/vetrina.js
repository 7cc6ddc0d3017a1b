#!/usr/bin/env node
// npm puts node_modules/.bin first on PATH, so `npx vetrina` runs on the pinned Node 24 (type stripping).
import { main } from '../src/cli/main.ts';

const command = process.argv[2] ?? '';
const code = await main(process.argv.slice(2), process.env);
if (!['serve', 'worker'].includes(command) || code !== 0) process.exitCode = code;
