// What the data layer's chunk holds: the library and the app's QueryClient made with it.
import * as ReactQuery from '@tanstack/react-query';
import { createAppQueryClient } from './client';

export const library = ReactQuery;
export const client = createAppQueryClient(ReactQuery);
