// Entry of the host. experiments.asyncStartup lets the federation runtime initialise the
// shared scope before this module graph runs.
//
// The start-up modules are requested together but evaluated in steps, one task each (react-dom,
// the styling core, jotai, Lingui, @app/shared, then the app): evaluated in one go they were one long task
// under a phone's CPU. The steps only order evaluation; every chunk downloads at once.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function main(): Promise<void> {
  const steps: Array<() => Promise<unknown>> = [
    () => import('react-dom/client'),
    () => import('@mui/material/styles'),
    () => import('jotai'),
    () => import('@lingui/react'),
    () => import('@app/shared'),
  ];
  const app = import('./app/start');
  for (const step of steps) {
    await step();
    await nextTask();
  }
  const { start } = await app;
  await start();
}

void main();
