// Entry of the host. experiments.asyncStartup lets the federation runtime initialise the
// shared scope before this module graph runs.
//
// The start-up modules are evaluated in steps, one task each (react-dom, the styling core, jotai,
// Lingui, @app/shared, then the app): evaluated in one go they were one long task under a phone's
// CPU. Their code is in the start-up chunk, which index.html preloads.
//
// The app (./app/start) is imported only after the steps: webpack evaluates a module's whole
// graph as soon as its chunks are in, so an import started at the top evaluated the app together
// with every step not reached yet (@app/shared, Lingui, ...) in one task of ~200 ms under a 4x
// throttle. Its own chunk is a few hundred bytes.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function main(): Promise<void> {
  const steps: Array<() => Promise<unknown>> = [
    () => import('react-dom/client'),
    () => import('@mui/material/styles'),
    () => import('jotai'),
    () => import('@lingui/react'),
    () => import('@app/shared'),
  ];
  for (const step of steps) {
    await step();
    await nextTask();
  }
  const { start } = await import('./app/start');
  await nextTask();
  await start();
}

void main();
