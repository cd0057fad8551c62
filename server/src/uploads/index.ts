/** The uploads domain's public face: what other domains use. */
export { requireOwnUpload, signedUrl, sweepUploads } from './service';
