// The floor app builds on its own: no config beyond Next's defaults.
const config = {};
export default config;
