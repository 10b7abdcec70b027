package dev.groundskeeper.api;

/** A rule provider could not be found, instantiated or asked for its rules; names which and why. */
@API(status = API.Status.STABLE)
public final class ProviderLoadException extends GroundskeeperException {

  private final String provider;

  public ProviderLoadException(String provider, String why, Throwable cause) {
    super("rule provider " + provider + " failed to load: " + why, cause);
    this.provider = provider;
  }

  public ProviderLoadException(String provider, String why) {
    this(provider, why, null);
  }

  /** The provider's class name, or the service entry that named it. */
  public String provider() {
    return provider;
  }
}
