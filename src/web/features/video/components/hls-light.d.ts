// hls.js ships types for its full build only; its "light" build (no subtitles, alternate audio, EME or CMCD,
// but AES-128 and everything lessons use) has the same API, about 200 kB smaller for a student on a slow line.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
