import { describeEveryEndpoint } from './every-endpoint.ts';

// A third of the endpoints; the files share them to run in parallel.
describeEveryEndpoint(0, 3);
