import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listening } from './net';

/** Debian's nginx: the tests that put it in front of Darsi run where it is installed (a Node stand-in elsewhere). */
export const NGINX = '/usr/sbin/nginx';

/**
 * Starts nginx in the foreground with everything it writes (pid, error log, temp files) in `dir`, and `http` as
 * the inside of its http block (upstreams, maps, servers: one must listen on 127.0.0.1:`port`). Resolves once the
 * port accepts connections, or after 5 s (the test's first request then says what went wrong).
 */
export async function startNginx(dir: string, port: number, http: string): Promise<{ stop: () => void }> {
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await listening(port)); i += 1) await new Promise((r) => setTimeout(r, 50));
  return { stop: () => child.kill('SIGTERM') };
}
