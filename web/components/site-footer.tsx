import { LogoMark, SCHOOL_NAME } from './logo.tsx';

/** Footer: contact details (sample until site settings exist), links and the legal pages. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="grid">
          <div>
            <a className="brand" href="/">
              <LogoMark />
              <span>{SCHOOL_NAME}</span>
            </a>
            <p className="footer-about">
              Traditional karate for children and adults. Respect, discipline and confidence, one class at a time.
            </p>
          </div>
          <div id="contact">
            <h2>Visit us</h2>
            <address>
              123 Example Street, Toronto, ON
              <br />
              <a href="mailto:hello@dojo.example">hello@dojo.example</a>
            </address>
          </div>
          <nav aria-label="Footer">
            <h2>Explore</h2>
            <ul>
              <li>
                <a href="/#classes">Classes</a>
              </li>
              <li>
                <a href="/under-construction">Book a free trial class</a>
              </li>
              <li>
                <a href="/auth/login">Log in</a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="footer-bottom">
          <p>{`© ${new Date().getFullYear()} ${SCHOOL_NAME} Karate School`}</p>
          <nav aria-label="Legal">
            <ul className="footer-legal">
              <li>
                <a href="/legal/privacy-policy">Privacy Policy</a>
              </li>
              <li>
                <a href="/legal/terms-and-conditions">Terms and Conditions</a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
