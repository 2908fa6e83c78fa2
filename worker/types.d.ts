declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

declare namespace Cloudflare {
  interface Exports {
    default: Fetcher;
  }
  interface Env {
    LIBSQL_URL: string;
    JWT_SECRET: string;
  }
}
