// Entry of the host. experiments.asyncStartup lets the federation runtime initialise the
// shared scope before this module graph runs.
import { start } from './app/start';

void start();
