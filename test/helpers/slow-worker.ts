// A real `vetrina worker` process (the same container and worker code) whose engine takes its
// time and says when it starts a generation, so a test can kill the process mid-job.
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { startWorkers } from '../../src/jobs/worker.ts';

const config = loadConfig(process.env);
const container = await createContainer(config, { role: 'worker' });
const real = createTemplateEngine();
container.engine = {
  name: 'slow',
  async generate(input) {
    process.stdout.write(`${JSON.stringify({ msg: 'generation started', productId: input.product.id })}\n`);
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    return real.generate(input);
  },
};
await startWorkers(container);
process.stdout.write(`${JSON.stringify({ msg: 'workers started' })}\n`);
