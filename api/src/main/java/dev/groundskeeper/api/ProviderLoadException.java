package dev.groundskeeper.api;

/** A rule provider could not be found, instantiated or asked for its rules; names which and why. */
@API(status = API.Status.STABLE)
public final class ProviderLoadException extends GroundskeeperException {

  /** The provider's class name, or the service entry that named it. */
  private final String provider;

  /**
   * A provider that failed because of {@code cause}.
   *
   * @param provider the provider's class name, or the service entry that named it
   * @param why what went wrong
   * @param cause the failure underneath, or null
   */
  public ProviderLoadException(String provider, String why, Throwable cause) {
    super("rule provider " + provider + " failed to load: " + why, cause);
    this.provider = provider;
  }

  /**
   * A provider that failed.
   *
   * @param provider the provider's class name, or the service entry that named it
   * @param why what went wrong
   */
  public ProviderLoadException(String provider, String why) {
    this(provider, why, null);
  }

  /**
   * Which provider.
   *
   * @return its class name, or the service entry that named it
   */
  public String provider() {
    return provider;
  }
}
